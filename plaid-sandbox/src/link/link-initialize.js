// Plaid Link stand-in served by plaid-sandbox at /link/v2/stable/link-initialize.js. It offers the
// page-facing contract of Plaid's script — window.Plaid.create({ token, onSuccess, onExit,
// onEvent, onLoad }) returning { open, exit, destroy } — with a small accessible dialog in place
// of Plaid's iframe. The dialog is built with DOM APIs and textContent only.
(() => {
  'use strict';

  // The sandbox that served this script answers its calls.
  const sandboxOrigin = new URL(document.currentScript ? document.currentScript.src : window.location.href).origin;

  const colors = {
    text: '#111827',
    muted: '#4b5563',
    border: '#d1d5db',
    backdrop: 'rgba(17, 24, 39, 0.6)',
    primary: '#111827',
  };
  const font = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

  function element(tag, style, attributes) {
    const node = document.createElement(tag);
    Object.assign(node.style, style);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    return node;
  }

  function button(label, hint, testId, primary) {
    const node = element(
      'button',
      {
        display: 'block',
        width: '100%',
        minHeight: '48px',
        padding: '12px 16px',
        margin: '0',
        border: `1px solid ${primary ? colors.primary : colors.border}`,
        borderRadius: '8px',
        background: primary ? colors.primary : '#ffffff',
        color: primary ? '#ffffff' : colors.text,
        font: `600 16px/1.3 ${font}`,
        textAlign: primary ? 'center' : 'left',
        cursor: 'pointer',
      },
      { type: 'button', 'data-testid': testId },
    );
    const name = element('span', { display: 'block' });
    name.textContent = label;
    node.append(name);
    if (hint) {
      const detail = element('span', {
        display: 'block',
        marginTop: '2px',
        color: colors.muted,
        font: `400 14px/1.4 ${font}`,
      });
      detail.textContent = hint;
      node.append(detail);
    }
    return node;
  }

  /** A Plaid error object for failures that never reached the sandbox. */
  function networkError(error) {
    return {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
      error_message: `could not reach the Plaid sandbox: ${error && error.message ? error.message : String(error)}`,
      display_message: 'Something went wrong. Please try again.',
      request_id: null,
    };
  }

  /** POSTs to the sandbox; resolves with its JSON or rejects with a Plaid error object. */
  async function post(path, body) {
    let response;
    try {
      response = await fetch(sandboxOrigin + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw networkError(error);
    }
    const json = await response.json().catch(() => null);
    if (!response.ok || json === null)
      throw json && json.error_code ? json : networkError(new Error(`HTTP ${response.status}`));
    return json;
  }

  /** Shows the dialog: the institution picker, or in update mode one Continue button. */
  function showDialog(linkSession, handlers) {
    const previousFocus = document.activeElement;
    const previousOverflow = document.body.style.overflow;
    const titleId = `plaid-link-title-${linkSession.link_session_id}`;
    const descriptionId = `plaid-link-description-${linkSession.link_session_id}`;

    const backdrop = element('div', {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '16px',
      boxSizing: 'border-box',
      background: colors.backdrop,
    });
    const card = element(
      'div',
      {
        position: 'relative',
        width: '100%',
        maxWidth: '420px',
        maxHeight: '100%',
        overflowY: 'auto',
        boxSizing: 'border-box',
        padding: '24px',
        borderRadius: '12px',
        background: '#ffffff',
        color: colors.text,
        font: `16px/1.5 ${font}`,
        boxShadow: '0 20px 40px rgba(0, 0, 0, 0.25)',
      },
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': titleId,
        'aria-describedby': descriptionId,
        'data-testid': 'plaid-link-dialog',
      },
    );

    const header = element('div', {
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'space-between',
      gap: '12px',
      marginBottom: '8px',
    });
    const title = element(
      'h2',
      { margin: '0', font: `700 20px/1.3 ${font}`, color: colors.text, paddingTop: '10px' },
      { id: titleId },
    );
    const update = linkSession.mode === 'update' && linkSession.update_institution;
    title.textContent = update ? `Sign in again to ${update.name}` : 'Select your bank';
    const close = element(
      'button',
      {
        flex: '0 0 auto',
        width: '44px',
        height: '44px',
        margin: '0 -10px 0 0',
        border: '0',
        borderRadius: '8px',
        background: 'transparent',
        color: colors.text,
        font: `400 28px/1 ${font}`,
        cursor: 'pointer',
      },
      { type: 'button', 'aria-label': 'Close', 'data-testid': 'plaid-link-close' },
    );
    close.textContent = '×';
    header.append(title, close);

    const description = element(
      'p',
      { margin: '0 0 16px', color: colors.muted, fontSize: '15px' },
      { id: descriptionId },
    );
    description.textContent = update
      ? 'Your bank needs you to sign in again. In this sandbox, continuing signs you in.'
      : 'Plaid sandbox: pick a test bank to link. No real credentials are used.';

    const choices = element('ul', { listStyle: 'none', margin: '0', padding: '0', display: 'grid', gap: '8px' });
    const choiceButtons = [];
    const addChoice = (label, hint, testId, primary, institution) => {
      const item = element('li', { margin: '0' });
      const choice = button(label, hint, testId, primary);
      choice.addEventListener('click', () => handlers.onChoose(institution));
      item.append(choice);
      choices.append(item);
      choiceButtons.push(choice);
    };
    if (update) addChoice('Continue', null, 'plaid-link-continue', true, update);
    else
      for (const institution of linkSession.institutions)
        addChoice(
          institution.name,
          institution.hint,
          `plaid-institution-${institution.institution_id}`,
          false,
          institution,
        );

    const status = element(
      'p',
      { margin: '12px 0 0', color: colors.muted, fontSize: '15px' },
      { role: 'status', 'aria-live': 'polite' },
    );
    card.append(header, description, choices, status);
    backdrop.append(card);

    let busy = false;
    close.addEventListener('click', () => {
      if (!busy) handlers.onClose();
    });
    const focusable = () => [close, ...choiceButtons].filter((node) => !node.disabled);
    // Escape closes; Tab stays inside the dialog while it is open.
    const onKeyDown = (event) => {
      if (event.key === 'Escape' && !busy) {
        event.preventDefault();
        handlers.onClose();
      } else if (event.key === 'Tab') {
        const nodes = focusable();
        if (nodes.length === 0) return event.preventDefault();
        const index = nodes.indexOf(document.activeElement);
        const next = event.shiftKey ? (index <= 0 ? nodes.length - 1 : index - 1) : (index + 1) % nodes.length;
        event.preventDefault();
        nodes[next].focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    document.body.style.overflow = 'hidden';
    document.body.append(backdrop);
    (choiceButtons[0] || close).focus();

    return {
      setBusy(message) {
        busy = true;
        card.setAttribute('aria-busy', 'true');
        for (const node of [close, ...choiceButtons]) node.disabled = true;
        status.textContent = message;
      },
      remove() {
        document.removeEventListener('keydown', onKeyDown, true);
        backdrop.remove();
        document.body.style.overflow = previousOverflow;
        if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      },
    };
  }

  function create(config) {
    const options = config || {};
    const token = options.token;
    const call = (name, ...args) => {
      if (typeof options[name] === 'function') options[name](...args);
    };

    let session = null;
    let sessionError = null;
    let dialog = null;
    let destroyed = false;

    const ready = post('/link/sandbox/session', { link_token: token }).then(
      (answer) => {
        session = answer;
      },
      (error) => {
        sessionError = error;
      },
    );
    ready.then(() => {
      if (!destroyed) call('onLoad');
    });

    const linkSessionId = () => (session ? session.link_session_id : null);
    const requestId = (error) => (error && error.request_id) || (session ? session.request_id : null);

    function emit(eventName, details) {
      call('onEvent', eventName, {
        error_type: null,
        error_code: null,
        error_message: null,
        exit_status: null,
        institution_id: null,
        institution_name: null,
        institution_search_query: null,
        link_session_id: linkSessionId(),
        mfa_type: null,
        request_id: requestId(null),
        selection: null,
        timestamp: new Date().toISOString(),
        view_name: null,
        ...details,
      });
    }

    function exitWith(error, institution) {
      const status = 'requires_credentials';
      if (error)
        emit('ERROR', {
          error_type: error.error_type,
          error_code: error.error_code,
          error_message: error.error_message,
        });
      emit('EXIT', {
        exit_status: status,
        institution_id: institution ? institution.institution_id : null,
        institution_name: institution ? institution.name : null,
      });
      call('onExit', error || null, {
        status,
        institution: institution || null,
        link_session_id: linkSessionId(),
        request_id: requestId(error),
      });
    }

    async function complete(institution) {
      const chosen = { institution_id: institution.institution_id, institution_name: institution.name };
      if (session.mode !== 'update') emit('SELECT_INSTITUTION', chosen);
      dialog.setBusy(`Connecting to ${institution.name}…`);
      try {
        const answer = await post('/link/sandbox/complete', {
          link_token: token,
          institution_id: institution.institution_id,
          link_session_id: linkSessionId(),
        });
        if (destroyed) return;
        closeDialog();
        emit('HANDOFF', chosen);
        call('onSuccess', answer.public_token, answer.metadata);
      } catch (error) {
        if (destroyed) return;
        closeDialog();
        exitWith(error, institution);
      }
    }

    function closeDialog() {
      if (dialog) dialog.remove();
      dialog = null;
    }

    function userClosed() {
      closeDialog();
      exitWith(null, null);
    }

    return {
      open() {
        ready.then(() => {
          if (destroyed || dialog) return;
          if (sessionError) {
            exitWith(sessionError, null);
            return;
          }
          dialog = showDialog(session, { onChoose: complete, onClose: userClosed });
          emit('OPEN', { view_name: session.mode === 'update' ? 'CREDENTIAL' : 'SELECT_INSTITUTION' });
        });
      },
      exit() {
        if (dialog) userClosed();
      },
      destroy() {
        destroyed = true;
        closeDialog();
      },
    };
  }

  window.Plaid = { create };
})();
