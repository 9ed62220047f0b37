// Hash history: works under the app:// scheme in Electron and on the web host alike. The app
// opens on the start route, which moves on to where the work is (start-page.ts); every page worth
// coming back to is remembered as it is shown. Each arrival names the page in the window's title
// and moves focus to the page's heading (page-focus.ts).
import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw } from 'vue-router';
import { NAV_ITEMS, navItemNamed, RESTORABLE_PAGES } from './modules/shell/nav-items';
import { followPageArrivals } from './modules/shell/page-focus';
import StartPage from './modules/shell/StartPage.vue';
import { browserMemory, rememberPage, START_ROUTE } from './modules/shell/start-page';

export function createAppRouter(): Router {
  const routes: RouteRecordRaw[] = [
    { path: '/', name: START_ROUTE, component: StartPage },
    ...NAV_ITEMS.map((item) => ({ path: item.path, name: item.name, component: item.page })),
    { path: '/:unknown(.*)*', redirect: '/' },
  ];
  const router = createRouter({ history: createWebHashHistory(), routes });
  router.afterEach((to, _from, failure) => {
    if (!failure) rememberPage(browserMemory(), to.name, RESTORABLE_PAGES);
  });
  followPageArrivals(router, (name) => navItemNamed(name)?.label);
  return router;
}
