// The start route moves on to the first page once the profiles are known, unless the user has
// already chosen a page from the navigation: that choice stands, even while the chosen page's code
// is still loading when the profiles arrive. A real vue-router, pages loaded as lazily as the app's.
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import { afterEach, describe, expect, it } from 'vitest';
import { START_ROUTE } from '../../../../renderer/src/modules/shell/start-page';
import { followStartRoute, type StartRouteMove } from '../../../../renderer/src/modules/shell/start-route';

const PAGE = { render: () => null };

/** A page whose code arrives when the test says so (or fails to). */
function lazyPage() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const code = new Promise<typeof PAGE>((resolve, reject) => {
    arrive = () => resolve(PAGE);
    fail = reject;
  });
  return { load: () => code, arrive, fail };
}

const followers: StartRouteMove[] = [];
afterEach(() => followers.splice(0).forEach((follower) => follower.stop()));

async function routerOnStart(profilesPage: () => Promise<typeof PAGE>): Promise<{ router: Router; start: StartRouteMove }> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', name: START_ROUTE, component: PAGE },
      { path: '/wallet', name: 'wallet', component: PAGE },
      { path: '/profiles', name: 'profiles', component: profilesPage },
      { path: '/locked', name: 'locked', component: PAGE, beforeEnter: () => false },
    ],
  });
  await router.push('/');
  const start = followStartRoute(router);
  followers.push(start);
  return { router, start };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the start route', () => {
  it('moves on to the first page when nobody chose another', async () => {
    const { router, start } = await routerOnStart(lazyPage().load);
    start.open('wallet');
    await settled();
    expect(router.currentRoute.value.name).toBe('wallet');
  });

  it('leaves the user on the page they chose while its code was still loading when the profiles arrived', async () => {
    const profiles = lazyPage();
    const { router, start } = await routerOnStart(profiles.load);
    const chosen = router.push({ name: 'profiles' });
    await settled();
    start.open('wallet');
    profiles.arrive();
    await chosen;
    await settled();
    expect(router.currentRoute.value.name).toBe('profiles');
  });

  it('leaves the user on the page they reached before the profiles arrived', async () => {
    const { router, start } = await routerOnStart(async () => PAGE);
    await router.push({ name: 'profiles' });
    start.open('wallet');
    await settled();
    expect(router.currentRoute.value.name).toBe('profiles');
  });

  it('moves on after all when the user’s navigation fails or is refused', async () => {
    const profiles = lazyPage();
    const failing = await routerOnStart(profiles.load);
    const chosen = failing.router.push({ name: 'profiles' }).catch(() => undefined);
    await settled();
    failing.start.open('wallet');
    profiles.fail(new Error('the page’s code could not be fetched'));
    await chosen;
    await settled();
    expect(failing.router.currentRoute.value.name).toBe('wallet');

    const refused = await routerOnStart(lazyPage().load);
    await refused.router.push({ name: 'locked' });
    refused.start.open('wallet');
    await settled();
    expect(refused.router.currentRoute.value.name).toBe('wallet');
  });
});
