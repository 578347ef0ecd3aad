export { CampaignPage } from './components/CampaignPage';
