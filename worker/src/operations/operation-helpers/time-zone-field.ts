import { z } from 'zod';
import { isTimeZone } from '../../../../shared/time-zone';

/**
 * The spreadsheet's time zone, an IANA name such as `Europe/Berlin`, in which a request's date
 * cells are written. Optional: add-ons older than the field send none and get UTC days, as before.
 * Checked by asking `Intl` for it, so a zone the worker could not format with is refused up front
 * instead of failing while rows are built.
 */
export const timeZoneField = z
  .string()
  .superRefine((value, ctx) => {
    if (!isTimeZone(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a time zone such as Europe/Berlin or America/Los_Angeles, got ${JSON.stringify(value)}`,
      });
    }
  })
  .optional();
