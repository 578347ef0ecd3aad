import { createPortalStore, rootReducer } from '@portal/shared-ui';
import { registrySlice } from '../remotes/registrySlice';

export const store = createPortalStore();
// The shell's own slices are injected into the shared root reducer like the remotes' apis.
rootReducer.inject(registrySlice);
export type AppDispatch = typeof store.dispatch;
