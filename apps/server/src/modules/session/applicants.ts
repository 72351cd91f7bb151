import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/** A sign-up applicant's latest application under a sign-in name, while no account holds it. */
export interface Applicant {
  username: string;
  passwordHash: string;
  status: 'PENDING' | 'REJECTED';
  reason: string;
}

type ApplicantOf = (db: Db, name: string) => Promise<Applicant | undefined>;
const applicants = handOver<ApplicantOf>("The sign-up module's applicants");

/**
 * The sign-up module refers to the session module (its throttle), so this module never imports it:
 * the module registry tells it once at start-up how to find an applicant by name, so sign-in
 * answers "not activated" to an applicant whose application waits (docs/architecture.md, "No two
 * modules import each other").
 */
export const tellSignUpApplicants = applicants.tell;

export const applicantOf: ApplicantOf = (db, name) => applicants.get()(db, name);
