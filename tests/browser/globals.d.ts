declare global {
  interface Window {
    /** Set by tests/browser/run.ts: the real API the elements under test talk to. */
    OTTISK_TEST_API_BASE: string;
  }
}

export {};
