// Self sign-up: an organisation may let people whose verified e-mail address is at one of its
// domains join it by themselves, with one everyday role; anyone else who signs up asks an
// organisation for an invitation, and its administrators are told.
import { z } from 'zod';
import { portalRoleLevels, type PortalRole } from '../access/roleGrants';
import { optionalText } from '../text/textRules';

/** Everyday roles (level 1) a person joining by e-mail domain may be given; never an administrator's. */
export const signUpRoles = (Object.keys(portalRoleLevels) as PortalRole[]).filter(
  (role) => portalRoleLevels[role] === 1 && role !== 'user',
);

/**
 * Mail providers anyone can get an address at: a domain of theirs would let the whole world in,
 * so it is refused as a self sign-up domain.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
]);

export const SIGN_UP_DOMAINS_MAX = 20;

const domain = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .max(253, 'must be at most 253 characters')
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as example.com')
  .refine((value) => !PUBLIC_MAIL_DOMAINS.has(value), 'is a public mail provider: anyone could join with an address there');

export const signUpSettings = z.object({
  /** Domains whose verified addresses may join; none turns self sign-up off. */
  domains: z
    .array(domain, { error: 'must be a list of domains' })
    .max(SIGN_UP_DOMAINS_MAX, `must have at most ${SIGN_UP_DOMAINS_MAX} domains`)
    .transform((list) => [...new Set(list)]),
  /** The role those who join get. */
  role: z.enum(signUpRoles as [PortalRole, ...PortalRole[]], { error: `must be one of ${signUpRoles.join(', ')}` }),
});
export type SignUpSettings = z.output<typeof signUpSettings>;

/** What a signed-in person without an organisation may do next. */
export const joinOptions = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** The organisation their verified address's domain lets them join, if any. */
  organisation: z.string().nullable(),
});
export type JoinOptions = z.output<typeof joinOptions>;

export const joinResult = z.object({ organisation: z.string(), role: z.string() });
export type JoinResult = z.output<typeof joinResult>;

export const ACCESS_REQUEST_MESSAGE_MAX = 1000;
/** How many organisations one person may ask for an invitation a day. */
export const ACCESS_REQUESTS_PER_DAY = 5;

export const accessRequestBody = z.object({
  organisation: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be the organisation’s id (letters, digits, dots, dashes), as its administrators give it'),
  message: optionalText(ACCESS_REQUEST_MESSAGE_MAX),
});
export type AccessRequestBody = z.input<typeof accessRequestBody>;
