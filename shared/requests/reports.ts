import { z } from 'zod';
import { CALCULATION_METHODS } from '../enums';
import { platformSchema, text } from './fields';

/** `GET /{platform}/profile/{userId}/report`: `userId` is a handle or a platform user id. */
export const reportPathSchema = z.looseObject({ platform: platformSchema, userId: text() });

export const reportQuerySchema = z.looseObject({
  calculationMethod: z.enum(CALCULATION_METHODS).default('median'),
});

export type ReportPath = z.output<typeof reportPathSchema>;
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;
