"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var _a, _b;
var _c;
Object.defineProperty(exports, "__esModule", { value: true });
var node_fs_1 = require("node:fs");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var test_1 = require("@playwright/test");
// The E2E suite runs the production build on a fresh embedded database seeded with the demo data.
var port = Number((_a = process.env.E2E_PORT) !== null && _a !== void 0 ? _a : 3300);
var baseURL = "http://localhost:".concat(port);
(_b = (_c = process.env).E2E_DATA_DIR) !== null && _b !== void 0 ? _b : (_c.E2E_DATA_DIR = (0, node_fs_1.mkdtempSync)(node_path_1.default.join((0, node_os_1.tmpdir)(), 'babysvomming-e2e-')));
var chromium = {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
exports.default = (0, test_1.defineConfig)({
    testDir: './specs',
    outputDir: './test-results',
    fullyParallel: true,
    workers: process.env.CI ? 2 : undefined,
    retries: 0,
    forbidOnly: !!process.env.CI,
    reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
    use: { baseURL: baseURL, launchOptions: chromium, trace: 'retain-on-failure', locale: 'nb-NO', timezoneId: 'Europe/Oslo' },
    projects: [
        { name: 'phone', use: __assign(__assign({}, test_1.devices['Pixel 7']), { viewport: { width: 390, height: 844 }, launchOptions: chromium }) },
        { name: 'desktop', use: __assign(__assign({}, test_1.devices['Desktop Chrome']), { viewport: { width: 1280, height: 800 }, launchOptions: chromium }) },
    ],
    webServer: {
        command: 'node --import tsx ../apps/server/src/server.ts',
        url: "".concat(baseURL, "/api/health"),
        reuseExistingServer: false,
        timeout: 120000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: process.env.E2E_DATA_DIR,
            PUBLIC_URL: baseURL,
            VIPPS_SIM_PORT: String(port + 1),
            LOG_LEVEL: 'warn',
            CONTACT_RATE_LIMIT: '1000',
            LOGIN_RATE_LIMIT: '1000',
        },
    },
});
