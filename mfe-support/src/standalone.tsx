// Standalone development page: the remote with its own store, against the same API.
import { renderStandalone } from '@portal/shared-ui/standalone';
import App from './app/App';

renderStandalone(App, { name: 'mfe-support', home: { to: '/support', label: 'Support' } });
