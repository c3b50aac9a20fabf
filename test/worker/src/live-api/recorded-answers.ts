/**
 * Answers in the shapes the real service has been seen to give (api-notes "Seen from the real
 * service", public clients and the vendor's own examples), named by what they show, for the live
 * tests beside the schema tests' own (test/shared/responses/fixtures, re-exported here where the
 * scenario is the same). Prices are the spec's: a report or an overlap 1 credit, a search item 0.01,
 * a matched e-mail 0.02, an AI profile 0.025, a collaborations call 0.2.
 */
export {
  collaborationsWithNeitherSide,
  summaryWithBrandObject,
} from '../../../shared/responses/fixtures/collaborations';
export { rawIgUserInfoFlat } from '../../../shared/responses/fixtures/raw';
export { youtubeReportAsPublicClientsShowIt } from '../../../shared/responses/fixtures/reports';

/** An Instagram report the way the vendor's example shows it: partial history, no account type. */
export function instagramReportWithVendorPartialHistory(username: string) {
  return {
    error: false,
    profile: {
      userId: `id_${username}`,
      profile: {
        userId: `id_${username}`,
        username,
        fullname: 'Ada Runs',
        url: `https://www.instagram.com/${username}/`,
        picture: 'https://cdn.example/ada.jpg',
        followers: 48210,
        engagements: 2005,
        engagementRate: 0.0416,
      },
      audience: {
        credibility: 0.81,
        genders: [
          { code: 'FEMALE', weight: 0.62 },
          { code: 'MALE', weight: 0.38 },
        ],
        ages: [{ code: '18-24', weight: 0.44 }],
        geoCountries: [{ name: 'Germany', code: 'DE', weight: 0.51 }],
      },
      // The vendor's example: an entry with only month, followers and avgLikes.
      statHistory: [
        { month: '2026-08', followers: 45000, avgLikes: 1800 },
        { month: '2026-09', followers: 48210, avgLikes: 1950 },
      ],
      isPrivate: false,
      isVerified: true,
      postsCount: 412,
      avgLikes: 1950,
      avgComments: 55,
      avgViews: 12000,
      bio: 'Runner. Coffee. Berlin.',
      country: 'Germany',
      gender: 'FEMALE',
      interests: [{ id: 11, name: 'Fitness & Yoga' }],
      brandAffinity: [{ id: 3, name: 'Nike' }],
      sponsoredPosts: [],
      sponsoredPostsMedianViews: 9000,
      sponsoredPostsMedianLikes: 1500,
      nonSponsoredPostsMedianViews: 12000,
      nonSponsoredPostsMedianLikes: 1900,
      paidPostPerformanceViews: 0.75,
    },
  };
}

/** A report answer in a shape no version of ours reads: the vendor wrapped it anew. */
export function reportInAShapeNobodyReads(username: string) {
  return { error: false, version: 2, data: { report: { username } } };
}

/** The service's own error on a 200 (api-notes "Errors": `error: true` is the service's error). */
export const retryLaterOn200 = {
  error: true,
  code: 'retry_later',
  message: 'Data for this account is being processed, please try again in a few hours',
};

/** `GET /health` as the vendor's help page shows it. */
export const healthAsHelpPage = { status: 'ok' };

/** `GET /user/info` without rate limits (an account without raw access). */
export const accountWithoutRateLimits = { error: false, billing: { credits: 812.5 } };

/** A hashtag page: `view_count` and `play_count` null on every item, reels too. */
export const rawIgHashtagFeedPage = {
  items: [
    {
      pk: '3001',
      code: 'CxA1',
      product_type: 'clips',
      taken_at: 1_760_000_000,
      user: { pk: '1789', username: 'ada.runs' },
      caption: { text: '#running at dawn' },
      like_count: 120,
      comment_count: 4,
      play_count: null,
      view_count: null,
    },
  ],
  more_available: false,
  end_cursor: null,
};

/** A TikTok feed page with the paging names of other clients (`hasMore`, a numeric `cursor`). */
export function rawTiktokUserFeedPage(ids: readonly string[], next: number | null) {
  return {
    user_feed: {
      items: ids.map((id) => ({
        id,
        desc: `video ${id}`,
        createTime: 1_760_000_000,
        author: { uniqueId: 'ada' },
      })),
      hasMore: next !== null,
      cursor: next,
    },
  };
}

/** A search page as clients show it, one item without engagements and the page without `total`. */
export const searchPageWithAThinItem = {
  error: false,
  directs: [
    {
      userId: 'u1',
      profile: {
        userId: 'u1',
        username: 'ada.runs',
        fullname: 'Ada Runs',
        url: 'https://www.instagram.com/ada.runs/',
        picture: 'https://cdn.example/ada.jpg',
        followers: 48210,
        engagements: 2005,
        engagementRate: 0.0416,
      },
      match: {},
    },
    { userId: 'u2', profile: { username: 'bo.bikes', followers: 12000 } },
  ],
  lookalikes: [],
};

/** An e-mail answer with the matched list only (no `notMatchedEmails`, no `totalMatches`). */
export function emailSearchMatchedOnly(email: string) {
  return {
    error: false,
    matchedEmails: [
      {
        email,
        users: [
          {
            platform: 'instagram',
            username: 'ada.runs',
            url: 'https://www.instagram.com/ada.runs/',
            followers: 48210,
            engagementRate: 0.0416,
          },
        ],
      },
    ],
  };
}

/** An overlap with the creators but without its totals. */
export const overlapWithoutTotals = {
  error: false,
  data: [
    { userId: 'u1', username: 'ada.runs', followers: 48210, uniquePercentage: 61, overlappingPercentage: 39 },
    { userId: 'u2', username: 'bo.bikes', followers: 12000, uniquePercentage: 80, overlappingPercentage: 20 },
  ],
};

/** An AI page whose profile has a field we do not know and lacks postingFrequency. */
export const aiPageWithNewFields = {
  error: false,
  total: 1,
  profiles: [
    {
      userId: 'u9',
      username: 'Cleo.Cooks',
      profilePicture: 'https://cdn.example/cleo.jpg',
      followersCount: 30500,
      engagementRate: 2.5,
      accountCategory: 'creator',
      matchedPosts: [{ url: 'https://www.instagram.com/p/Cq1/', stats: { likesCount: -1, playsCount: 900 } }],
      audienceQuality: 'high',
    },
  ],
};
