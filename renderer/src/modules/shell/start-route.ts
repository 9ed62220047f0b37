// The start route's move to the first page. While it waits for main's profile list the navigation is
// already on screen, and a slow start leaves time to use it: a page chosen meanwhile must not be
// taken back by the move, even when its code is still loading as the list arrives (a move made then
// would cancel the user's navigation). Only when the user's navigation fails does the move happen.
import { isNavigationFailure, NavigationFailureType, type Router } from 'vue-router';
import { START_ROUTE } from './start-page';

export interface StartRouteMove {
  /** Moves on to `page` unless the user is already going (or gone) elsewhere. */
  open(page: string): void;
  /** Stops following the router (the start page has gone). */
  stop(): void;
}

/** Follows the router from the start page's setup until it goes; see StartRouteMove. */
export function followStartRoute(router: Router): StartRouteMove {
  /** The page to move on to, once no navigation of the user's is under way. */
  let wanted: string | null = null;
  let userGoing = false;
  let userArrived = false;
  let movingOn = false;

  const moveOnIfStill = () => {
    if (wanted === null || userGoing || userArrived) return;
    const page = wanted;
    wanted = null;
    movingOn = true;
    void router.replace({ name: page }).finally(() => (movingOn = false));
  };
  const stopBefore = router.beforeEach((to) => {
    if (!movingOn && to.name !== START_ROUTE) userGoing = true;
  });
  const stopAfter = router.afterEach((_to, _from, failure) => {
    // A navigation cancelled by a newer one leaves the newer one to say how it ended.
    if (!userGoing || isNavigationFailure(failure, NavigationFailureType.cancelled)) return;
    userGoing = false;
    userArrived = !failure;
    moveOnIfStill();
  });
  const stopOnError = router.onError(() => {
    if (!userGoing) return;
    userGoing = false;
    moveOnIfStill();
  });
  return {
    open(page) {
      wanted = page;
      moveOnIfStill();
    },
    stop() {
      stopBefore();
      stopAfter();
      stopOnError();
    },
  };
}
