import { FLAG, type PlatformCreators } from '../../data';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const FLAGS = FLAG;

/**
 * What the sandbox does with private accounts (the spec leaves it open; api-notes lists the
 * `private_account` code). The service can only analyse what it could see: a private account with
 * fewer than PRIVATE_ACCOUNT_MIN_FOLLOWERS followers was never analysed, so its report answers 403
 * private_account and search and the users dictionary never list it. A bigger private account was
 * analysed while it was public: its report is served, with `isPrivate: true`.
 */
export const PRIVATE_ACCOUNT_MIN_FOLLOWERS = 10_000;

/** Whether the service holds no analysis of the creator (private and small). */
export function isUnanalysedPrivate(pc: PlatformCreators, index: number): boolean {
  return (
    (pc.columns.flags[index] & FLAGS.private) !== 0 &&
    pc.columns.followers[index] < PRIVATE_ACCOUNT_MIN_FOLLOWERS
  );
}
