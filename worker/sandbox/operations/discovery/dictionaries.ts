import { dictionaryQuerySchema } from '../../../../shared/requests/dictionaries';
import type { Platform } from '../../../../shared/platforms';
import type { World } from '../../data';
import type { HandlerContext, OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { isUnanalysedPrivate } from './private-accounts';

/**
 * The dictionaries (spec "Dictionaries", 0 credits). Each takes `limit` (default 20; 1,000,000
 * returns everything) and `query`, a case-insensitive search: brands and interests by name,
 * languages by name or code, locations by name or full title, topics and hashtags by the tag
 * itself, users by the start of the handle or of the full name. Lists keep the dictionary order
 * (hashtags: most used first); `total` counts every item matching the query, before the limit.
 * Users come biggest first, without `total`, and agree with the creators everywhere else.
 */

interface DictionaryQuery {
  limit: number;
  /** Lower case, or undefined when absent. */
  query: string | undefined;
}

function readQuery(context: HandlerContext<World>): DictionaryQuery {
  const { limit, query } = parseWith(dictionaryQuerySchema, context.query);
  return { limit, query: query?.toLowerCase() };
}

function platformOf(context: HandlerContext<World>): Platform {
  // The brands and interests paths carry no platform segment: they are Instagram's.
  return context.platform ?? 'instagram';
}

function matching<T>(
  items: readonly T[],
  query: string | undefined,
  texts: (item: T) => readonly string[],
): T[] {
  if (query === undefined) return [...items];
  return items.filter((item) => texts(item).some((text) => text.toLowerCase().includes(query)));
}

function listAnswer<T, K extends string>(key: K, items: readonly T[], limit: number) {
  return { body: { error: false, [key]: items.slice(0, limit), total: items.length } };
}

export const dictionaryBrandsHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const brands = matching(context.world.dictionaries.brands, query, (brand) => [brand.name]);
  return listAnswer(
    'brands',
    brands.map(({ id, name }) => ({ id, name })),
    limit,
  );
};

export const dictionaryInterestsHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const interests = matching(context.world.dictionaries.interests, query, (interest) => [interest.name]);
  return listAnswer(
    'interests',
    interests.map(({ id, name }) => ({ id, name })),
    limit,
  );
};

export const dictionaryLanguagesHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const languages = matching(context.world.dictionaries.languages, query, (language) => [
    language.name,
    language.code,
  ]);
  return listAnswer(
    'languages',
    languages.map(({ code, name }) => ({ code, name })),
    limit,
  );
};

export const dictionaryLocationsHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const locations = matching(context.world.dictionaries.locations, query, (location) => [
    location.name,
    location.title,
  ]);
  return listAnswer(
    'locations',
    locations.map(({ id, name, title }) => ({ id, name, title })),
    limit,
  );
};

export const dictionaryTopicsHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const tags = matching(context.world.dictionaries.topics(platformOf(context)), query, (tag) => [tag]);
  return { body: { error: false, tags: tags.slice(0, limit) } };
};

export const dictionaryHashtagsHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const popular = context.world.hashtagCounts(platformOf(context)).map((entry) => entry.tag);
  const tags = matching(popular, query?.replace(/^#/, ''), (tag) => [tag]);
  return { body: { error: false, tags: tags.slice(0, limit) } };
};

export const dictionaryUsersHandler: OperationHandler<World> = (context) => {
  const { limit, query } = readQuery(context);
  const pc = context.world.platform(platformOf(context));
  const prefix = query?.replace(/^@/, '');
  const order = pc.byFollowersDesc();
  const users: Record<string, unknown>[] = [];
  for (let k = 0; k < order.length && users.length < limit; k++) {
    const index = order[k];
    if (isUnanalysedPrivate(pc, index)) continue;
    if (
      prefix !== undefined &&
      !pc.username(index).startsWith(prefix) &&
      !pc.fullname(index).toLowerCase().startsWith(prefix)
    ) {
      continue;
    }
    const summary = pc.summary(index);
    users.push({
      userId: summary.userId,
      username: summary.username,
      fullname: summary.fullname,
      picture: summary.picture,
      followers: summary.followers,
      isVerified: summary.isVerified,
    });
  }
  return { body: { error: false, users } };
};
