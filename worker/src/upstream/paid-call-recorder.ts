/**
 * The journal of one paid call (billing/paid-call-binding.ts). The core names the call, so that a
 * kept answer of the very same call can stand in for sending it again, and writes the answer the
 * moment it arrives, before anything parses, caches or bills it: a process killed after the API
 * billed a call never loses what it paid for.
 */
export interface PaidCallRecorder {
  /** Before the first attempt: a kept answer of the very same call to use instead, or null. */
  begin(material: string): Promise<{ status: number; text: string } | null>;
  /**
   * Right before each attempt goes out (after the throttle's wait, which may be long): throws
   * when its answer could not be recorded now (the store is down), so that nothing is bought then.
   */
  beforeSend(): Promise<void>;
  /** A 2xx arrived (not the service's own error): its body as it came, written before it is read. */
  answered(status: number, text: string): Promise<void>;
  /** The call failed for good: nothing was billed. */
  failed(): Promise<void>;
}
