export { theme, media, GlobalStyle, type PortalTheme } from './theme';
export { Button, type ButtonVariant, type ButtonSize } from './components/Button';
export { Input, Label, Field, FieldError, Select, Textarea, Hint } from './components/Form';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/Card';
export {
  Badge,
  invoiceBadge,
  kycBadge,
  statusBadgeKind,
  ticketBadge,
  wordsOf,
  TICKET_STATUSES,
  TICKET_PRIORITIES,
  type BadgeKind,
} from './components/Badge';
export { Avatar } from './components/Avatar';
export { Icon, type IconName } from './components/Icon';
export { AssetIcon, symbolInitials } from './components/AssetIcon';
export { Skeleton, Spinner, CenteredMessage } from './components/Feedback';
export { Table, TableWrap, Th, Td } from './components/Table';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/Tabs';
export { Dialog, DialogTitle, DialogDescription, DialogFooter } from './components/Dialog';
export { PinInput, type PinInputProps } from './components/PinInput';
export { Accordion } from './components/Accordion';
export { NotFound, NoticePanel } from './components/NotFound';
export { lazyPage, openedPage, settled, type LazyPage } from './lazy-page';
export { Toaster, toast, dismissToast, type ToastInput, type ToastVariant } from './components/Toast';
export {
  formatDecimal,
  formatBalance,
  formatFixed,
  formatUsd,
  formatAmount,
  formatMoney,
  type MoneyFormatOptions,
} from './format/money';
export { formatDate, formatDateTime } from './format/date';
export * from './money';
export { countOf, plural } from './format/plural';
export { failureToast, fieldErrors } from './store/error-message';
export { isNotFound, readFailure } from './store/not-found';
export { readError } from './session/authClient';
export {
  sessionSlice,
  sessionReceived,
  signedOut,
  selectSession,
  selectSessionStatus,
  selectAccessToken,
  selectUser,
  type SessionState,
  type SessionStatus,
  type SessionUser,
  type TokenResponse,
} from './session/sessionSlice';
export { useSession } from './session/hooks';
export { useLogOut } from './session/useLogOut';
export { announceProfile, onProfileAnnounced, type ProfileSummary } from './session/profile-changes';
export { useDebounced } from './hooks/useDebounced';
export { startSession, refreshSession, signInWithPassword, signOut, getAccessToken } from './session/manager';
export {
  HttpError,
  needsRefresh,
  backoffDelay,
  isRetryable,
  withBackoff,
  REFRESH_CHECK_INTERVAL_MS,
} from './session/refresh';
export { API_BASE } from './session/authClient';
export {
  browserSupportsWebAuthn,
  cancelPasskeyRequest,
  createPasskey,
  getPasskeyCredential,
  getPasskeyFromAutofill,
  passkeyFailure,
} from './session/passkeys';
export { secondFactorClaim } from './session/early';
export {
  rootReducer,
  dynamicMiddleware,
  createPortalStore,
  injectApi,
  dispatchToPortal,
  type PortalStore,
  type PortalState,
  type LazyLoadedSlices,
  type InjectableApi,
} from './store';
export { baseQuery, apiFetch, apiResponse, errorMessage, type ApiError, type RequestArgs } from './store/baseQuery';
export * from './router';
export type {
  ApiResponse,
  ApiRequestBody,
  ApiQuery,
  ApiSchema,
  ApiPath,
  ApiMethod,
  components,
  paths,
} from './api-types';
export { recordLibraryIdentity } from './identity';
export {
  startLive,
  sendLive,
  onLive,
  onLiveReady,
  useLiveEvent,
  useLiveStatus,
  type LiveEvent,
  type LiveStatus,
} from './realtime/live';
export { useLiveTopics } from './realtime/topics';
export { Page, PageHead, Back, Muted, Row, UserText } from './components/Page';
export {
  TicketResponses,
  TicketAttachments,
  type TicketAttachment,
  type TicketResponseItem,
} from './components/Ticket';
export { TicketResponseForm } from './components/TicketResponseForm';
