import { mount } from 'svelte';
import App from './App.svelte';
import { appRoute } from './lib/app-base';
import { preloadPage } from './routes/pages';
import './ui/theme.css';
import { hostRelayedTools } from './workers/relay-host';
import './ui/launch'; // files opened with the installed app
import './ui/share-launch'; // images shared to the installed app

// The first render draws the frame and the current page at once (see preloadPage).
void preloadPage(appRoute(location.pathname) ?? location.pathname).then(() =>
  mount(App, { target: document.getElementById('app')! }),
);
// Every open page runs the tools the service worker hands over (background removal offline).
hostRelayedTools();
