/**
 * The parts of oidc-provider 9's API the dev identity server uses. oidc-provider ships no
 * type declarations, so these are written against its source (lib/provider.js and friends).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export interface CookieSetOptions {
    path?: string;
    httpOnly?: boolean;
    sameSite?: 'lax' | 'strict' | 'none' | boolean;
    secure?: boolean;
    maxAge?: number;
    signed?: boolean;
    overwrite?: boolean;
  }

  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    url: string;
    href: string;
    host: string;
    status: number;
    body: unknown;
    type: string;
    query: Record<string, string | string[] | undefined>;
    response: { headers: Record<string, unknown> };
    get(field: string): string;
    set(field: string, value: string | string[]): void;
    remove(field: string): void;
    vary(field: string): void;
    redirect(url: string): void;
    cookies: {
      set(name: string, value: string | null, opts?: CookieSetOptions): void;
      get(name: string, opts?: UnknownObject): string | undefined;
    };
    oidc: OIDCContext;
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export interface OIDCContext {
    route?: string;
    params?: Record<string, unknown>;
    client?: Client;
    session?: Session;
    entities: Record<string, unknown> & { IdTokenHint?: { payload: UnknownObject }; Grant?: Grant };
    requestParamOIDCScopes: Set<string>;
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    resourceServers: Record<string, unknown>;
    result?: { consent?: { grantId?: string } } & UnknownObject;
    urlFor(name: string, opt?: UnknownObject): string;
    cookies: { set(name: string, value: string | null, opts?: CookieSetOptions): void };
  }

  export interface Client {
    clientId: string;
    redirectUris: string[];
    postLogoutRedirectUris?: string[];
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
    includeSid(): boolean;
  }

  export interface ClientStatic {
    find(id: string): Promise<Client | undefined>;
    prototype: Client;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface GrantStatic {
    new (properties: { accountId?: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Session {
    jti: string;
    uid: string;
    accountId?: string;
    exp?: number;
    new?: boolean;
    authorizations?: Record<string, { grantId?: string; sid?: string; persistsLogout?: boolean }>;
    sidFor(clientId: string): string | undefined;
    grantIdFor(clientId: string): string | undefined;
    destroy(): Promise<void>;
  }

  export interface SessionStatic {
    get(ctx: KoaContext): Promise<Session>;
    findByUid(uid: string): Promise<Session | undefined>;
  }

  export interface RefreshToken {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    sid?: string;
    sessionUid?: string;
    scope?: string;
    iat: number;
    exp: number;
    consumed?: unknown;
    expiresWithSession?: boolean;
  }

  export interface TokenStatic<T> {
    find(value: string, opts?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** Token passed to extraTokenClaims (AccessToken, ClientCredentials, ...). */
  export interface IssuedToken {
    kind: string;
    accountId?: string;
    clientId?: string;
    sid?: string;
    sessionUid?: string;
    scope?: string;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: UnknownObject;
    returnTo: string;
    exp: number;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[] };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface FoundAccount {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): Promise<AccountClaims> | AccountClaims;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    iss?: string;
  }

  export interface Configuration {
    adapter?: (model: string) => unknown;
    clients?: UnknownObject[];
    jwks?: { keys: UnknownObject[] };
    cookies?: { keys?: string[]; names?: Record<string, string>; long?: CookieSetOptions; short?: CookieSetOptions };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    pkce?: { required?: (ctx: KoaContext, client: Client) => boolean };
    routes?: Record<string, string>;
    ttl?: Record<string, number | ((ctx: KoaContext, token: UnknownObject, client: Client) => number)>;
    features?: Record<string, UnknownObject>;
    findAccount?: (ctx: KoaContext, sub: string, token?: unknown) => Promise<FoundAccount | undefined>;
    loadExistingGrant?: (ctx: KoaContext) => Promise<Grant | undefined>;
    extraTokenClaims?: (ctx: KoaContext, token: IssuedToken) => Promise<UnknownObject | undefined>;
    issueRefreshToken?: (ctx: KoaContext, client: Client, code: UnknownObject) => Promise<boolean>;
    rotateRefreshToken?: boolean | ((ctx: KoaContext) => boolean | Promise<boolean>);
    expiresWithSession?: (ctx: KoaContext, code: UnknownObject) => Promise<boolean>;
    clientBasedCORS?: (ctx: KoaContext, origin: string, client: Client) => boolean;
    renderError?: (ctx: KoaContext, out: ErrorOut, error: Error) => Promise<void>;
    interactions?: { url?: (ctx: KoaContext, interaction: Interaction) => Promise<string> | string; policy?: unknown };
    conformIdTokenClaims?: boolean;
    allowOmittingSingleRegisteredRedirectUri?: boolean;
    extraParams?: string[];
    discovery?: UnknownObject;
    clockTolerance?: number;
    enabledJWA?: UnknownObject;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    issuer: string;
    proxy: boolean;
    Client: ClientStatic;
    Grant: GrantStatic;
    Session: SessionStatic;
    RefreshToken: TokenStatic<RefreshToken>;
    AccessToken: TokenStatic<UnknownObject>;
    AuthorizationCode: TokenStatic<UnknownObject>;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: Middleware): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    createContext(req: IncomingMessage, res: ServerResponse): KoaContext;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export type OIDCErrorClass = new (
    description?: string,
    detail?: string,
  ) => Error & { statusCode: number; expose: boolean; error: string };

  export const errors: {
    InvalidTarget: OIDCErrorClass;
    InvalidRequest: OIDCErrorClass;
    InvalidGrant: OIDCErrorClass;
    SessionNotFound: OIDCErrorClass;
    AccessDenied: OIDCErrorClass;
  };
}
