import type { NextFunction, Request, Response } from 'express';
import type { AttemptThrottle } from '../limits/attempts';
import { requestAddress } from '../limits/client-address';
import { isOrganiserToken } from './token';

/**
 * Guards every organiser route: `Authorization: Bearer <token>`. A missing or
 * wrong token counts as a failed attempt in the same throttle as seat keys
 * and invites (limits/attempts.ts), so guessing it is as slow as guessing a key.
 */
export function requireOrganiser(tokenHash: string | null, attempts: AttemptThrottle, trustProxy: boolean) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!tokenHash) return void res.status(503).json({ error: 'the organiser API is off: set LAMES_ORGANISER_TOKEN' });
    const address = requestAddress(req, trustProxy);
    const wait = attempts.check(address);
    if (wait !== null) {
      res.setHeader('Retry-After', String(wait));
      return void res.status(429).json({ error: 'too many wrong tokens: wait before trying again', retryAfter: wait });
    }
    const header = req.get('authorization') ?? '';
    const presented = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!(await isOrganiserToken(presented, tokenHash))) {
      attempts.failure(address);
      return void res.status(401).json({ error: 'organiser token refused' });
    }
    attempts.success(address);
    next();
  };
}
