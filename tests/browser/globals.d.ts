declare global {
  interface Window {
    /** Set by tests/browser/run.ts: the real API the elements under test talk to. */
    OTTISK_TEST_API_BASE: string;
    /** Set by tests/browser/run.ts: an API with reCAPTCHA switched on, and the token its fake siteverify passes. */
    OTTISK_TEST_CAPTCHA: { apiBase: string; passToken: string };
  }
}

export {};
