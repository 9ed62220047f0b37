// Renderer entry. The bridge is built first: it takes the web host's token out of the URL
// before the hash router reads the address.
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { connectBridge } from './bridge';
import { BRIDGE_KEY } from './bridge-key';
import { loadDarkTheme } from './modules/theme/shown-theme';
import { opensDark } from './modules/theme/use-theme';
import { installAriaPatches } from './modules/theme/aria-patches';
import { createAppRouter } from './router';
import './styles.css';

const bridge = connectBridge();
installAriaPatches();
const app = createApp(App).use(createPinia()).use(createAppRouter()).provide(BRIDGE_KEY, bridge);
// Opening dark: its styles are fetched first, so the first frame is not light (a failed fetch
// opens light). Light, the common case, mounts at once.
if (opensDark()) void loadDarkTheme().catch(() => undefined).then(() => app.mount('#app'));
else app.mount('#app');
