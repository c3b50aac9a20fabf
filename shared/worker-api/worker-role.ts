/**
 * What a caller may do on the worker: admins see and set everyone's keys, budgets and spend, and
 * the API account's balance; members their own.
 */
export type WorkerRole = 'admin' | 'member';

/** Sandbox mode serves the built-in stand-in for the Discovery API; live mode the real one. */
export type WorkerMode = 'sandbox' | 'live';
