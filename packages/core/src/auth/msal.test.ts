import { BrowserAuthError, InteractionRequiredAuthError } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import { INTERACTION_CODES, isMutedRedirectError, libraryCode, needsInteraction } from './msal';

describe('sign-in library codes (spec §8 "Sign-in library and storage", §4 fallbacks)', () => {
  it.each(INTERACTION_CODES)('%s falls back to the next flow (iframe, then interaction)', (code) => {
    expect(needsInteraction({ errorCode: code })).toBe(true);
  });

  it('an InteractionRequiredAuthError always needs interaction', () => {
    expect(needsInteraction(new InteractionRequiredAuthError('whatever_code', 'c1'))).toBe(true);
  });

  it('a network failure does not pretend interaction would help', () => {
    expect(needsInteraction(new BrowserAuthError('no_network_connectivity', 'c1'))).toBe(false);
  });

  it('reads the library code of an MSAL error, or unknown_error', () => {
    expect(libraryCode(new BrowserAuthError('timed_out', 'c1'))).toBe('timed_out');
    expect(libraryCode(new Error('x'))).toBe('unknown_error');
  });

  it('no_server_response is muted on back/forward navigation only', () => {
    const error = { errorCode: 'no_server_response' };
    expect(isMutedRedirectError(error, 'back_forward')).toBe(true);
    expect(isMutedRedirectError(error, 'navigate')).toBe(false);
    expect(isMutedRedirectError({ errorCode: 'invalid_grant' }, 'back_forward')).toBe(false);
  });
});
