/**
 * Small phrase lists the generator composes text from. Slots: {w} a topic word of the post's
 * interest, {place} the creator's city or country, {brand} a sponsor's name.
 */

/** Invented brand prefixes; combined with an interest's brand nouns ("Nova Athletics"). */
export const BRAND_PREFIXES: readonly string[] = (
  'Nova Lumen Verde Kairo Aurel Brisa Coralie Drift Ember Fjord Halcyon Ivory Juniper Kestrel Larkin ' +
  'Mistral Nimbus Orchid Pike Quill Rove Saffron Tundra Umber Vela Wren Yonder Zephyr Alder Basalt ' +
  'Cinder Dune Elara Fable Garnet Helio Indigo Jasper Kelp Lotus Meridian Nectar Opal Prism Quartz ' +
  'Rivet Sable Tidal Urchin Vireo Willow Xenia Yarrow Zinnia Atlas Bramble Cobalt Delta Echo Flint ' +
  'Grove Harbor Iris Jetty Koa Lumo Maple Nordic Oakly Peony Ridge Solace Terra Uplift Vantage'
).split(' ');

/** Caption bodies: the post's topic words fill the {w} slots. */
export const CAPTION_TEMPLATES: readonly string[] = [
  "Today's {w} session was all about {w} and {w}.",
  "Can't get enough of {w} lately, especially the {w}.",
  'My honest take on {w} vs {w} after a month of testing.',
  'Three things I learned about {w} this week: {w}, {w} and {w}.',
  'Behind the scenes: {w}, {w} and a lot of {w}.',
  'Sunday reset with {w} and {w} in {place}.',
  'New {w} routine is finally here! Starting with {w}.',
  'If you love {w}, you need to try this {w} idea.',
  'Swipe for my favourite {w} moments from {place}.',
  'Quick {w} tip: never skip the {w}.',
  'Still thinking about that {w} from last weekend.',
  'Beginner friendly {w} guide, save it for later: {w}, {w}, {w}.',
  'Rate this {w} from 1 to 10. Be honest about the {w}!',
  'Morning in {place}: {w}, {w} and good vibes.',
  'What would you change about this {w}? I went heavy on the {w}.',
  'Day {n} of my {w} challenge and the {w} is getting easier.',
  'POV: you finally found the perfect {w}.',
  'Everything you asked about my {w} setup, plus the {w}.',
  'Small wins: {w} done, {w} next.',
  'Trying the viral {w} trend with a {w} twist.',
];

/** Sponsored captions add one of these; the sponsor is also mentioned and tagged. */
export const SPONSOR_PHRASES: readonly string[] = [
  'Thanks {brand} for the new {w}!',
  'Partnered with {brand} to bring you this {w}.',
  'Use my code with {brand} for a discount on {w}.',
  'Obsessed with my {brand} {w}.',
  'Gifted by {brand}, all opinions are my own.',
];

/** YouTube titles: short, with a topic word or two. */
export const TITLE_TEMPLATES: readonly string[] = [
  'The Ultimate {w} Guide',
  'I Tried {w} for 30 Days',
  '{w} vs {w}: Which Is Better?',
  'My {w} Routine ({place} Edition)',
  '10 {w} Mistakes Everyone Makes',
  'Honest {w} Review',
  'A Day of {w} in {place}',
  'Beginner {w} Tips That Actually Work',
  'Why Everyone Is Talking About {w}',
  'Testing Viral {w} Hacks',
];

/** Comment texts; some carry a topic word. */
export const COMMENT_TEMPLATES: readonly string[] = [
  'Love this! 😍',
  'Where is this?',
  'So inspiring 🙌',
  'Need this {w} in my life',
  'This {w} looks amazing',
  'Saving this for later',
  'How long did the {w} take?',
  'Obsessed 🔥🔥',
  'Best {w} content on here',
  'Can you do a tutorial on {w}?',
  'Wow 👏',
  'This made my day',
  'Drop the link please!',
  'Your {w} is always on point',
  'Following for more {w} tips',
  'Haha so relatable 😂',
  'Goals',
  'Which {w} do you recommend?',
  'Perfect as always ❤️',
  'First!',
];

/** Bio openers; {w} are the creator's topic words, {category} its account category. */
export const BIO_TEMPLATES: readonly string[] = [
  '{category} sharing {w}, {w} and {w}',
  '{w} & {w} every week',
  'Your daily dose of {w}',
  '{category} | {w} lover | {w}',
  'All things {w} and {w}',
  'Making {w} simple since day one',
];

/** Words for music titles and artists. */
export const MUSIC_ADJECTIVES: readonly string[] = (
  'Golden Midnight Electric Velvet Neon Silent Wild Broken Endless Lucky Paper Summer Frozen Crystal ' +
  'Hidden Lonely Burning Sweet Distant Purple'
).split(' ');
export const MUSIC_NOUNS: readonly string[] = (
  'Hearts Lights Dreams Waves City Rain Fire Skies Roads Echoes Mirrors Nights Roses Shadows Signals ' +
  'Tides Ghosts Horizons Colors Stars'
).split(' ');
export const ARTIST_WORDS: readonly string[] =
  'Collective Project Sound Club Band Orchestra Duo Kids Society Machine'.split(' ');
