import { z } from 'zod';
import { parsePlatform } from '../../../../shared/handles';
import { PLATFORMS } from '../../../../shared/platforms';
import { optionalQueryBoolean } from '../../../../shared/requests/fields';
import { dictionaryQuerySchema } from '../../../../shared/requests/dictionaries';
import { DICTIONARY_KINDS } from '../../../../shared/worker-api/dictionaries';

/** `/api/dictionaries/:platform/:kind`. */
export const dictionaryPathRequestSchema = z.looseObject({
  platform: z.preprocess((value) => parsePlatform(value) ?? value, z.enum(PLATFORMS)),
  kind: z.enum(DICTIONARY_KINDS),
});

/** `?query=&limit=` as the API takes them (limit 20 by default, 1,000,000 for all), plus `withHeader`. */
export const dictionaryQueryRequestSchema = dictionaryQuerySchema.extend({
  withHeader: optionalQueryBoolean(),
});

export type DictionaryRequest = z.output<typeof dictionaryPathRequestSchema> &
  z.output<typeof dictionaryQueryRequestSchema>;
