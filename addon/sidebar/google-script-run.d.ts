/**
 * The client side of HtmlService: `google.script.run` calls a top-level server function by name,
 * asynchronously, reporting to the handlers set before the call. Only what the bridge uses.
 */
declare namespace google.script {
  interface ScriptRun {
    withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
    withFailureHandler(handler: (error: unknown) => void): ScriptRun;
    /** Every public server function, by name, taking its arguments; typed by bridge.ts. */
    [functionName: string]: unknown;
  }
  const run: ScriptRun;
}
