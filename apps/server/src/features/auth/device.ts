/** 'Chrome på Android' from a User-Agent, for the session list on /profil; else 'Ukjent enhet' or just the system. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Ukjent enhet';
  const ua = userAgent;
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Macintosh|Mac OS X/.test(ua)
            ? 'Mac'
            : /Linux|X11/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} på ${system}`;
  return browser ?? system ?? 'Ukjent enhet';
}
