// Renderer entry. The bridge is built first: it takes the web host's token out of the URL
// before the hash router reads the address.
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { connectBridge } from './bridge';
import { BRIDGE_KEY } from './bridge-key';
import { createAppRouter } from './router';
import './styles.css';

const bridge = connectBridge();
createApp(App).use(createPinia()).use(createAppRouter()).provide(BRIDGE_KEY, bridge).mount('#app');
