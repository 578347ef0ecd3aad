export { MyCampaignsPage } from './components/MyCampaignsPage';
