import type { Brand, CollaborationType, PlatformCreators, Post, Sponsor } from '../../data';
import { isVideoType } from '../../data';

/**
 * Collaboration posts, brands, influencers and totals in the shapes of
 * shared/responses/collaborations.ts (api-notes "Collaborations"). Post times are epoch
 * milliseconds, like the request's `postCreationTimestampMs`.
 */

/** How each collaboration type is labelled on the post (the platforms' disclosure wording). */
const LABELS: Record<CollaborationType, string> = {
  Paid: 'Paid partnership',
  Gifted: 'Gifted',
  Ambassador: 'Brand ambassador',
  Affiliate: 'Affiliate link',
  Unspecified: 'Mentions brand',
};

function collaborationStats(post: Post) {
  const plays = isVideoType(post.type) ? post.views : 0;
  return {
    likes: post.likes,
    comments: post.comments,
    plays,
    views: plays,
    shares: post.shares,
    collects: post.saves,
  };
}

function collaborationSponsor(sponsor: Sponsor) {
  return {
    name: sponsor.name,
    username: sponsor.username,
    domain: sponsor.domain,
    logo_url: sponsor.logoUrl,
    user_id: sponsor.userId,
    category: sponsor.category,
  };
}

export function collaborationPost(post: Post) {
  const type = post.collaborationType ?? 'Unspecified';
  return {
    post_id: post.id,
    post_url: post.url,
    post_type: post.type,
    post_thumbnail: post.thumbnail,
    post_timestamp: post.createdAt,
    title: post.title,
    description: post.text,
    label: LABELS[type],
    collaboration_type: type,
    stats: collaborationStats(post),
    sponsors: post.sponsors.map(collaborationSponsor),
  };
}

export function influencerOf(pc: PlatformCreators, index: number) {
  return {
    user_id: pc.userId(index),
    username: pc.username(index),
    fullname: pc.fullname(index),
    user_picture: pc.picture(index),
    followers: pc.columns.followers[index],
  };
}

export function brandOf(pc: PlatformCreators, brand: Brand) {
  return {
    id: pc.userId(pc.brandAccountIndex(brand.id)),
    brand_id: brand.id,
    brand_name: brand.name,
    brand_username: brand.username,
    brand_domain: brand.domain,
    brand_logo: brand.logoUrl,
    brand_category: brand.category,
  };
}

/** The brand of a per-brand summary: the sponsor object posts carry (api-notes, single source). */
export function summaryBrand(pc: PlatformCreators, brand: Brand) {
  return {
    name: brand.name,
    username: brand.username,
    domain: brand.domain,
    logo_url: brand.logoUrl,
    user_id: pc.userId(pc.brandAccountIndex(brand.id)),
    category: brand.category,
  };
}

/** Running totals of a set of posts, as the summary reports them. */
export class CollaborationTotals {
  posts = 0;
  likes = 0;
  comments = 0;
  shares = 0;
  views = 0;
  plays = 0;
  collects = 0;

  add(post: Post): void {
    const stats = collaborationStats(post);
    this.posts++;
    this.likes += stats.likes;
    this.comments += stats.comments;
    this.shares += stats.shares;
    this.views += stats.views;
    this.plays += stats.plays;
    this.collects += stats.collects;
  }

  toSummary() {
    return {
      total_likes: this.likes,
      total_shares: this.shares,
      total_views: this.views,
      total_collects: this.collects,
      total_plays: this.plays,
      total_comments: this.comments,
      posts_count: this.posts,
    };
  }
}
