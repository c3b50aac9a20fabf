import type { Logger } from 'pino';
import {
  alertBannerText,
  lastGoodSentence,
} from '../../../shared/worker-api/schedule-runs/schedule-alert-banner-text';
import type { ScheduleAlert, ScheduleAlertChannel, ScheduleRun } from '../../../shared/worker-api/schedules';
import { postWebhook, type WebhookOptions } from '../alerts/alert-webhook';
import { sendMail, type MailMessage, type SmtpClientOptions } from '../alerts/smtp-client';
import type { SmtpSettings } from '../alerts/smtp-client';
import { localMinute } from './run/schedule-run-time';
import type { ScheduleRecord } from '../store/schedule-repository';
import type { Store } from '../store/store';

/**
 * A failed or paused schedule's alert (issue 25), raised within the run that failed, in every
 * place a team looks: the sidebar (the alert kept on the schedule, listed to every editor), a
 * banner cell on its tab, an e-mail to whoever set it up and whoever pays (when the worker has
 * SMTP settings) and the document's chat webhook (when it has one). Each channel's outcome is kept
 * with the alert in words; none carries the webhook's URL or the mail server's password.
 */
export interface AlertSenders {
  smtp: SmtpSettings | null;
  mail?: SmtpClientOptions;
  webhook?: WebhookOptions;
  /** Replaced in tests only: the real client by default. */
  sendMail?: (settings: SmtpSettings, message: MailMessage) => Promise<void>;
}

export interface ScheduleAlertDeps {
  store: Pick<Store, 'keys' | 'scheduleAlerts'>;
  senders: AlertSenders;
  logger: Pick<Logger, 'warn'>;
  /** The banner on the output tab (schedules/run/schedule-alert-banner.ts). */
  banner(text: string): Promise<{ ok: boolean; note: string }>;
}

export async function raiseScheduleAlert(
  deps: ScheduleAlertDeps,
  schedule: ScheduleRecord,
  run: ScheduleRun,
  kind: ScheduleAlert['kind'],
): Promise<ScheduleAlert> {
  const words = alertWords(schedule, run, kind);
  const channels: ScheduleAlert['channels'] = [];
  const attempt = async (channel: ScheduleAlertChannel, send: () => Promise<string>) => {
    try {
      channels.push({ channel, ok: true, note: await send() });
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      channels.push({ channel, ok: false, note });
      deps.logger.warn({ schedule: schedule.id, channel }, 'schedule alert not delivered');
    }
  };
  const banner = deps.banner(words.banner).then((outcome) => {
    channels.push({ channel: 'banner', ...outcome });
  });
  const { smtp } = deps.senders;
  const mail =
    smtp === null
      ? null
      : attempt('email', async () => {
          const to = await recipients(deps.store, schedule);
          const send =
            deps.senders.sendMail ?? ((settings, message) => sendMail(settings, message, deps.senders.mail));
          await send(smtp, { to, subject: words.subject, text: words.text });
          return `Sent to ${to.join(', ')}.`;
        });
  const url = await deps.store.scheduleAlerts.webhookOf(schedule.documentId).catch(() => null);
  const webhook =
    url === null
      ? null
      : attempt('webhook', async () => {
          await postWebhook(url, `${words.subject}\n${words.text}`, deps.senders.webhook);
          return 'Posted to the chat webhook.';
        });
  await Promise.all([banner, mail, webhook]);
  const order: ScheduleAlertChannel[] = ['banner', 'email', 'webhook'];
  channels.sort((a, b) => order.indexOf(a.channel) - order.indexOf(b.channel));
  return { kind, at: run.at, message: run.message, channels };
}

/** Whoever set the schedule up and whoever connected the document (whose budget pays), once each. */
async function recipients(store: Pick<Store, 'keys'>, schedule: ScheduleRecord): Promise<string[]> {
  const connector = (await store.keys.ofDocument(schedule.documentId))?.email ?? null;
  return [
    ...new Set([schedule.createdBy, ...(connector === null ? [] : [connector])].map((a) => a.toLowerCase())),
  ];
}

/** The alert in words: the banner's short line, and the subject and text of a mail or chat message. */
export function alertWords(
  schedule: Pick<ScheduleRecord, 'name' | 'timeZone' | 'documentId' | 'runs'>,
  run: ScheduleRun,
  kind: ScheduleAlert['kind'],
) {
  const when = `${localMinute(run.at, schedule.timeZone)} (${schedule.timeZone})`;
  const good = (schedule.runs ?? []).find((earlier) => earlier.outcome === 'ok');
  const lastGoodMinute = good === undefined ? null : localMinute(good.at, schedule.timeZone);
  const lastGood = lastGoodSentence(lastGoodMinute);
  const reason = run.message;
  const link = `https://docs.google.com/spreadsheets/d/${schedule.documentId}/edit`;
  if (kind === 'paused') {
    return {
      banner: alertBannerText(kind, when, reason, lastGoodMinute),
      subject: `Creator Sheets: "${schedule.name}" is paused after 3 failed runs`,
      text: `The scheduled report "${schedule.name}" failed at ${when} for the third time in a row and is paused: ${reason}\n${lastGood}\nFix the cause, then resume it in Extensions > Creator Sheets > Schedules: ${link}`,
    };
  }
  return {
    banner: alertBannerText(kind, when, reason, lastGoodMinute),
    subject: `Creator Sheets: "${schedule.name}" failed`,
    text: `The scheduled report "${schedule.name}" failed at ${when}: ${reason}\n${lastGood}\nIt runs again at its next time; after 3 failed runs in a row it pauses. The spreadsheet: ${link}`,
  };
}
