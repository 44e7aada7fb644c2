import { SignJWT, createRemoteJWKSet, decodeJwt, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';

/** Issuer and audience of the dev identity issuer's tokens (the demo accounts). */
export const DEV_ISSUER = 'cloudportal-dev-issuer';
export const DEV_AUDIENCE = 'cloudportal-dev';

/** A verified identity: who the identity provider says signed in. */
export interface Identity {
  oid: string;
  tid: string;
  upn: string;
  name: string;
}

/** Where identity tokens may come from. */
export interface IdentityOptions {
  /** The dev issuer's public key; absent when dev sign-in is off. */
  devPublicKey?: CryptoKey;
  /** Entra ID: the app's client id (the token audience) and the JWKS URL. */
  entra?: { clientId: string; jwksUrl: string };
}

/** Thrown for an identity token that cannot be trusted. */
export class IdentityRejected extends Error {}

function toIdentity(payload: JWTPayload): Identity {
  const upn = [payload.preferred_username, payload.upn, payload.email].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  const oid = typeof payload.oid === 'string' ? payload.oid : payload.sub;
  if (!upn || !oid || typeof payload.tid !== 'string')
    throw new IdentityRejected('The identity token lacks oid, tid or a user name.');
  return { oid, tid: payload.tid, upn: upn.toLowerCase(), name: typeof payload.name === 'string' ? payload.name : upn };
}

/** Verifies identity tokens: the dev issuer's (RS256, its own key) or Entra ID's (RS256, its JWKS). */
export function createIdentityVerifier(options: IdentityOptions) {
  const entraKeys = options.entra ? createRemoteJWKSet(new URL(options.entra.jwksUrl)) : undefined;
  return async function verifyIdentityToken(token: string): Promise<Identity> {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new IdentityRejected('The identity token cannot be decoded.');
    }
    try {
      if (claims.iss === DEV_ISSUER) {
        if (!options.devPublicKey) throw new IdentityRejected('Dev sign-in is off.');
        const { payload } = await jwtVerify(token, options.devPublicKey, {
          algorithms: ['RS256'],
          issuer: DEV_ISSUER,
          audience: DEV_AUDIENCE,
        });
        return toIdentity(payload);
      }
      if (entraKeys && options.entra && typeof claims.tid === 'string') {
        const { payload } = await jwtVerify(token, entraKeys, {
          algorithms: ['RS256'],
          issuer: `https://login.microsoftonline.com/${claims.tid}/v2.0`,
          audience: options.entra.clientId,
        });
        return toIdentity(payload);
      }
    } catch (error) {
      if (error instanceof IdentityRejected) throw error;
      throw new IdentityRejected('The identity token is not valid.');
    }
    throw new IdentityRejected('The identity token comes from an issuer this server does not trust.');
  };
}

export type VerifyIdentityToken = ReturnType<typeof createIdentityVerifier>;

/** Signs an identity token for a demo account, as Entra ID would sign one for a real user. */
export async function issueDevIdentityToken(
  identity: Identity,
  privateKey: CryptoKey,
  kid: string,
  ttlSeconds = 3600,
): Promise<string> {
  return new SignJWT({
    oid: identity.oid,
    tid: identity.tid,
    preferred_username: identity.upn,
    email: identity.upn,
    name: identity.name,
    ver: '2.0',
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
    .setSubject(identity.oid)
    .setIssuer(DEV_ISSUER)
    .setAudience(DEV_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(privateKey);
}
