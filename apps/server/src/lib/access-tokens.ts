import { SESSION } from '@devplay/shared';
import { SignJWT, jwtVerify } from 'jose';

export type AccessTokenClaims = { userId: number; issuedAt: number; expiresAt: number };

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${SESSION.accessTokenTtlSeconds}s`)
        .sign(key),
    /** Null for any token that is malformed, forged or expired. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (
          !Number.isSafeInteger(userId) ||
          typeof payload.iat !== 'number' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { userId, issuedAt: payload.iat, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
