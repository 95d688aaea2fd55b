import { useEffect, useState } from 'react';
import { preloadedModule } from '../../lib/preloaded-module';

/**
 * What a logged-in member brings along stays out of the first script: the
 * page loader fetches it with the first page when a session is stored, so
 * that the page renders once, with it.
 */
export const memberSession = preloadedModule(() =>
  import('./member-session').then((module) => module.default),
);

/** The member's session once its chunk is there; loaded here if the loader did not. */
export function MemberSessionSlot({ pageName }: { pageName: string }) {
  const [Session, setSession] = useState(memberSession.current);
  useEffect(() => {
    if (Session) return;
    let current = true;
    void memberSession.load().then((loaded) => {
      if (current) setSession(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [Session]);
  return Session ? <Session pageName={pageName} /> : null;
}
