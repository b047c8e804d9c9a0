// Self sign-up settings and invitation requests, in the security area's own tables. A domain
// belongs to one organisation at most (the table's key), so a verified address never has a choice
// to make and one organisation can never claim another's people.
import type { SignUpSettings } from '@common/security/signUpContract';
import { ACCESS_REQUESTS_PER_DAY, signUpRoles } from '@common/security/signUpContract';
import { HttpError } from '../../platform/http/errors.js';
import { writeAudit } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

/** Until an organisation chooses, those who join get the everyday business role. */
export const DEFAULT_SIGN_UP_ROLE = 'Client-dataworks-business-users';

export async function signUpSettingsOf(db: StoreDb, organisation: string): Promise<SignUpSettings> {
  const [domains, role] = await Promise.all([
    db.selectFrom('security_sign_up_domains').select('domain').where('organisation_id', '=', organisation).orderBy('domain').execute(),
    db.selectFrom('security_sign_up_roles').select('role').where('organisation_id', '=', organisation).executeTakeFirst(),
  ]);
  const chosen = signUpRoles.find((known) => known === role?.role) ?? DEFAULT_SIGN_UP_ROLE;
  return { domains: domains.map((row) => row.domain), role: chosen as SignUpSettings['role'] };
}

/** Replaces the organisation's settings in one transaction; a domain another organisation holds is refused (409). */
export async function saveSignUpSettings(db: StoreDb, organisation: string, username: string, settings: SignUpSettings): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (settings.domains.length > 0) {
      const taken = await tx
        .selectFrom('security_sign_up_domains')
        .select('domain')
        .where('domain', 'in', settings.domains)
        .where('organisation_id', '<>', organisation)
        .executeTakeFirst();
      if (taken)
        throw new HttpError(409, 'conflict', `domains: ${taken.domain} is already another organisation's sign-up domain.`, 'domains');
    }
    await tx.deleteFrom('security_sign_up_domains').where('organisation_id', '=', organisation).execute();
    if (settings.domains.length > 0)
      await tx
        .insertInto('security_sign_up_domains')
        .values(settings.domains.map((domain) => ({ domain, organisation_id: organisation, created_by: username })))
        .execute();
    await tx
      .insertInto('security_sign_up_roles')
      .values({ organisation_id: organisation, role: settings.role })
      .onConflict((conflict) => conflict.column('organisation_id').doUpdateSet({ role: settings.role }))
      .execute();
  });
}

/** The organisation an e-mail address's domain lets its owner join, and the role they get. */
export async function organisationForEmail(db: StoreDb, email: string): Promise<{ organisation: string; role: string } | null> {
  const domain = email.split('@').pop()?.trim().toLowerCase();
  if (!domain || !email.includes('@')) return null;
  const row = await db.selectFrom('security_sign_up_domains').select('organisation_id').where('domain', '=', domain).executeTakeFirst();
  if (!row) return null;
  return { organisation: row.organisation_id, role: (await signUpSettingsOf(db, row.organisation_id)).role };
}

/**
 * At most one request per person and organisation a day, and ACCESS_REQUESTS_PER_DAY
 * organisations a day per person (429 beyond, the same whether the organisations exist or not),
 * audited with it: answers whether this one is new.
 */
export async function recordAccessRequest(
  db: StoreDb,
  request: { organisation: string; subject: string; username: string; email: string | null; message: string },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const recent = await tx
      .selectFrom('security_access_requests')
      .select('id')
      .where('subject', '=', request.subject)
      .where('organisation_id', '=', request.organisation)
      .where('created_at', '>', new Date(Date.now() - 24 * 60 * 60 * 1000))
      .executeTakeFirst();
    if (recent) return false;
    const today = await tx
      .selectFrom('security_access_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('subject', '=', request.subject)
      .where('created_at', '>', new Date(Date.now() - 24 * 60 * 60 * 1000))
      .executeTakeFirstOrThrow();
    if (Number(today.count) >= ACCESS_REQUESTS_PER_DAY)
      throw new HttpError(
        429,
        'too_many_requests',
        `You have asked ${ACCESS_REQUESTS_PER_DAY} organisations today; ask again tomorrow, or ask a colleague for your organisation's id.`,
      );
    await tx
      .insertInto('security_access_requests')
      .values({
        organisation_id: request.organisation,
        subject: request.subject,
        username: request.username,
        email: request.email,
        message: request.message,
      })
      .execute();
    await writeAudit(
      tx,
      { organisation: request.organisation, subject: request.subject, username: request.username },
      { action: 'security.access_request', target: request.subject, details: { email: request.email } },
    );
    return true;
  });
}
