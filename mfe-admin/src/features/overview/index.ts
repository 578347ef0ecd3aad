export { OverviewPage } from './components/OverviewPage';
