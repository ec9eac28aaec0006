/**
 * The shape of every random code the portal hands to a browser in a link or an address (an
 * e-mailed sign-in link, an unsubscribe link, a launch's student code, pick and deep-link
 * codes): 32 random bytes or fewer, base64url. Pages check it before spending a request; the
 * contracts refuse anything else with a 400.
 */
export const ONE_TIME_CODE_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;
