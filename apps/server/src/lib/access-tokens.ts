import { SESSION } from '@devplay/shared';
import { SignJWT, jwtVerify } from 'jose';

/** `sessionId` is the refresh-token family the token was issued for; revoking it ends the token. */
export type AccessTokenClaims = {
  userId: number;
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId: number, sessionId: string) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${SESSION.accessTokenTtlSeconds}s`)
        .sign(key),
    /** Null for any token that is malformed, forged, expired or bound to no session. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (
          !Number.isSafeInteger(userId) ||
          typeof payload.sid !== 'string' ||
          !UUID.test(payload.sid) ||
          typeof payload.iat !== 'number' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { userId, sessionId: payload.sid, issuedAt: payload.iat, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
