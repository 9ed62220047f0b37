// Hash history: works under the app:// scheme in Electron and on the web host alike. The app
// opens on the start route, which moves on to where the work is (start-page.ts); every page worth
// coming back to is remembered as it is shown.
import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw } from 'vue-router';
import { NAV_ITEMS, RESTORABLE_PAGES } from './modules/shell/nav-items';
import StartPage from './modules/shell/StartPage.vue';
import { browserMemory, rememberPage } from './modules/shell/start-page';

export function createAppRouter(): Router {
  const routes: RouteRecordRaw[] = [
    { path: '/', name: 'start', component: StartPage },
    ...NAV_ITEMS.map((item) => ({ path: item.path, name: item.name, component: item.page })),
    { path: '/:unknown(.*)*', redirect: '/' },
  ];
  const router = createRouter({ history: createWebHashHistory(), routes });
  router.afterEach((to, _from, failure) => {
    if (!failure) rememberPage(browserMemory(), to.name, RESTORABLE_PAGES);
  });
  return router;
}
