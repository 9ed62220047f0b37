// Hash history: works under file:// in Electron and on the web host alike.
import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw } from 'vue-router';
import { HOME_PATH, NAV_ITEMS } from './modules/shell/nav-items';

export function createAppRouter(): Router {
  const routes: RouteRecordRaw[] = [
    { path: '/', redirect: HOME_PATH },
    ...NAV_ITEMS.map((item) => ({ path: item.path, name: item.name, component: item.page })),
    { path: '/:unknown(.*)*', redirect: HOME_PATH },
  ];
  return createRouter({ history: createWebHashHistory(), routes });
}
