import { describe, expect, it } from 'vitest';
import { endSession, onSessionEnd, startSession } from './session';

describe('the end of a session', () => {
  it('waits for the first listener when nobody listened yet (a route loader ended it before the app mounted)', () => {
    startSession({ id_token: 'not-a-jwt', access_token: 'a', token_type: 'Bearer', expires_in: 3600 });
    endSession('expired');
    const heard: string[] = [];
    const stop = onSessionEnd((reason) => heard.push(reason));
    expect(heard).toEqual(['expired']);
    const later: string[] = [];
    const stopLater = onSessionEnd((reason) => later.push(reason));
    expect(later).toEqual([]);
    stop();
    stopLater();
  });

  it('tells the listeners at once when someone listens, and keeps nothing for later', () => {
    const heard: string[] = [];
    const stop = onSessionEnd((reason) => heard.push(reason));
    startSession({ id_token: 'not-a-jwt', access_token: 'a', token_type: 'Bearer', expires_in: 3600 });
    endSession('user');
    stop();
    const later: string[] = [];
    onSessionEnd((reason) => later.push(reason))();
    expect(heard).toEqual(['user']);
    expect(later).toEqual([]);
  });
});
