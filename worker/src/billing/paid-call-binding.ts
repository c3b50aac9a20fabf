import { AsyncLocalStorage } from 'node:async_hooks';
import type { CreditCharge } from '../../../shared/pricing';
import type { OperationId } from '../../../shared/operations';
import type { PaidCallJournal } from '../store/paid-call-journal';
import type { PaidCallRecorder } from '../upstream/paid-call-recorder';
import type { PaidCallContext } from './paid-call';

/**
 * The journal entry of the one paid call a `PaidCallSpec.call()` makes, reached by the request
 * core through async context: the core knows the exact request (to name the call) and sees the
 * answer's bytes first (to write them before anything parses them), the billing pipeline knows who
 * pays and what the call may cost. Neither has to pass the other through every operation's code.
 */
interface PaidCallBinding extends PaidCallRecorder {
  /** The journal entry, once the core began it; null when the call never reached the core. */
  readonly callId: string | null;
  /** The answer was an earlier run's, already in the ledger (recovery): record nothing for it. */
  readonly alreadyRecorded: boolean;
}

const current = new AsyncLocalStorage<PaidCallBinding>();
/** Paid calls running under `current`; when none is, it is switched off (see withPaidCallBinding). */
let running = 0;

/** For the request core: the binding of the paid call under way, if any. */
export function currentPaidCall(): PaidCallRecorder | undefined {
  return current.getStore();
}

interface BindingInput {
  journal: PaidCallJournal;
  context: PaidCallContext;
  operation: OperationId;
  estimate: CreditCharge;
}

/** Runs `work` with a journal binding for its paid call; answers the binding with the result. */
export async function withPaidCallBinding<T>(
  input: BindingInput,
  work: () => Promise<T>,
): Promise<{ value: T; binding: PaidCallBinding } | { error: unknown; binding: PaidCallBinding }> {
  let callId: string | null = null;
  let alreadyRecorded = false;
  const binding: PaidCallBinding = {
    get callId() {
      return callId;
    },
    get alreadyRecorded() {
      return alreadyRecorded;
    },
    async begin(material) {
      // One paid call per spec: a second request inside the same call is not journaled twice.
      if (callId !== null) return null;
      const { id, replay } = await input.journal.begin({
        material,
        operation: input.operation,
        userEmail: input.context.identity.email,
        ...(input.context.identity.documentId === undefined
          ? {}
          : { documentId: input.context.identity.documentId }),
        requestId: input.context.requestId,
        ...(input.context.jobId === undefined ? {} : { jobId: input.context.jobId }),
        estimate: input.estimate,
      });
      callId = id;
      if (replay === null) return null;
      alreadyRecorded = replay.ledgered;
      return { status: replay.status, text: replay.text };
    },
    beforeSend: () => input.journal.ready(),
    async answered(status, text) {
      if (callId === null) return;
      try {
        await input.journal.answered(callId, status, text);
      } catch {
        // The answer is in hand and billed: a journal that cannot keep it (a database that just
        // went away) must not make the core take the call for a failure and buy it again. The
        // call stays `sent`: its ledger row settles it, or a crash counts it at its estimate.
      }
    },
    async failed() {
      if (callId !== null && !alreadyRecorded) await input.journal.failed(callId);
    },
  };
  running += 1;
  try {
    return { value: await current.run(binding, work), binding };
  } catch (error) {
    return { error, binding };
  } finally {
    running -= 1;
    // On Node 20 an enabled AsyncLocalStorage runs a hook on every promise the process makes: once
    // the first paid call had run, every cached answer paid for it, on a path that is all promises
    // (issue 28). With no paid call under way nothing reads the binding, so it is switched off;
    // the next run() switches it on again.
    if (running === 0) current.disable();
  }
}
