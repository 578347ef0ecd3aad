import styled from 'styled-components';

/** Text for screen readers only (the unread count next to the bell, an entry's unread state). */
export const Hidden = styled.span`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`;
