/** "Play a customer": plain HTML + JS served at /, talking to the control API. No build step. */
export const customerPageHtml = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley sandbox — customers</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #f0f2f5; color: #111b21; }
  header { background: #008069; color: #fff; padding: 10px 16px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  header a { color: #d9fdd3; }
  main { display: grid; grid-template-columns: 260px 1fr; gap: 12px; padding: 12px; max-width: 1100px; margin: auto; }
  section { background: #fff; border-radius: 8px; padding: 12px; }
  label { display: block; margin: 6px 0 2px; font-size: 12px; color: #54656f; }
  input, select, textarea { width: 100%; box-sizing: border-box; padding: 6px; border: 1px solid #d1d7db; border-radius: 6px; font: inherit; }
  button { padding: 6px 10px; border-radius: 6px; border: 1px solid #d1d7db; background: #fff; cursor: pointer; font: inherit; }
  button.primary { background: #008069; color: #fff; border-color: #008069; }
  #customers li { cursor: pointer; padding: 4px; border-radius: 4px; list-style: none; }
  #customers li.active { background: #d9fdd3; }
  #customers { padding: 0; }
  #timeline { height: 55vh; overflow-y: auto; background: #efeae2; padding: 10px; border-radius: 6px; display: flex; flex-direction: column; gap: 6px; }
  .bubble { max-width: 70%; padding: 6px 9px; border-radius: 8px; background: #fff; box-shadow: 0 1px 1px rgba(0,0,0,.1); }
  .bubble.mine { align-self: flex-end; background: #d9fdd3; }
  .meta { font-size: 11px; color: #667781; margin-top: 3px; }
  .failed { color: #b00020; }
  .actions { margin-top: 4px; display: flex; gap: 4px; flex-wrap: wrap; }
  .actions button { padding: 2px 6px; font-size: 12px; }
  .quote { border-left: 3px solid #06cf9c; padding-left: 6px; color: #54656f; font-size: 12px; margin-bottom: 4px; }
  .composer { display: flex; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
  .composer input[type=text] { flex: 1; min-width: 200px; }
  img.media { max-width: 220px; border-radius: 6px; display: block; }
  form.flow { border: 1px solid #d1d7db; border-radius: 6px; padding: 8px; margin-top: 6px; background: #fafafa; }
  #error { color: #b00020; min-height: 1em; }
</style>
</head>
<body>
<header>
  <strong>Parley sandbox — play a customer</strong>
  <span>Business: <select id="business" aria-label="Business phone number"></select></span>
  <a href="/outbox">Outbox (mails)</a>
  <a href="/_sandbox/deliveries?limit=50">Webhook log</a>
</header>
<main>
  <section>
    <label for="phone">Customer phone</label>
    <input id="phone" placeholder="+15550001" value="+15550001">
    <label for="username">or a WhatsApp username (no phone shown)</label>
    <input id="username" placeholder="ana.lima">
    <label for="name">Name</label>
    <input id="name" placeholder="Ana" value="Ana">
    <p><button id="use" class="primary">Use this customer</button></p>
    <h3>Customers</h3>
    <ul id="customers"></ul>
  </section>
  <section>
    <div id="who"></div>
    <div id="timeline" aria-live="polite"></div>
    <div id="replying"></div>
    <div class="composer">
      <input type="text" id="text" placeholder="Type a message" aria-label="Message">
      <button id="send" class="primary">Send</button>
    </div>
    <div class="composer">
      <button id="sample-image">Send sample photo</button>
      <label style="display:inline">or a file <input type="file" id="file" style="width:auto"></label>
      <button id="location">Send location</button>
      <button id="unsupported">Send unsupported (poll)</button>
    </div>
    <div class="composer">
      <button id="order">Send order</button>
      <button id="welcome">Open chat (welcome)</button>
      <button id="ad">Text from an ad</button>
      <button id="change-number">Change number…</button>
    </div>
    <div class="composer">
      <button id="echo">Business replies from phone app…</button>
      <button id="history">History batch</button>
      <label style="display:inline"><input type="checkbox" id="skip-delivered" style="width:auto"> skip “delivered”</label>
    </div>
    <p id="error" role="alert"></p>
  </section>
</main>
<script>
(function () {
  'use strict';
  var state = { phone: '', username: '', key: '', name: '', businessPhoneId: '', replyTo: null, businesses: [], displayNumbers: {}, flows: {}, openForms: {} };
  var $ = function (id) { return document.getElementById(id); };

  function api(method, path, body) {
    return fetch(path, { method: method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })
      .then(function (response) { return response.json().then(function (json) { if (!response.ok) throw new Error(json.message || response.statusText); return json; }); });
  }
  function showError(error) { $('error').textContent = error ? String(error.message || error) : ''; }
  function digits(phone) { return String(phone).replace(/\D/g, ''); }

  // The customer as the control API names them: a phone, or a username (no phone shown).
  function who(phoneKey) {
    var named = {};
    if (state.phone) named[phoneKey] = state.phone; else named.username = state.username;
    return named;
  }

  function send(body) {
    if (!state.phone && !state.username) { showError('Pick a customer first.'); return Promise.resolve(); }
    Object.assign(body, who('from'));
    body.name = state.name; body.phoneNumberId = state.businessPhoneId;
    if (state.replyTo && !body.context) { body.context = { id: state.replyTo }; }
    return api('POST', '/_sandbox/inbound', body).then(function () { state.replyTo = null; renderReplying(); showError(); refresh(); }).catch(showError);
  }

  function loadState() {
    return api('GET', '/_sandbox/state').then(function (snapshot) {
      var select = $('business');
      var previous = select.value;
      select.innerHTML = '';
      snapshot.businesses.forEach(function (business) {
        business.phoneNumbers.forEach(function (phone) {
          state.displayNumbers[phone.id] = phone.displayPhoneNumber;
          var option = document.createElement('option');
          option.value = phone.id;
          option.textContent = business.name + ' (+' + phone.displayPhoneNumber + ')';
          select.appendChild(option);
        });
        business.flows.forEach(function (flow) { state.flows[flow.id] = flow; });
      });
      select.value = previous || snapshot.seeded.phoneNumberId;
      state.businessPhoneId = select.value;
      var list = $('customers');
      list.innerHTML = '';
      snapshot.customers.forEach(function (customer) {
        var item = document.createElement('li');
        var byUsername = customer.username && customer.waId === customer.userId;
        item.textContent = customer.name + (byUsername ? ' (@' + customer.username + ')' : ' (+' + customer.waId + ')');
        if (state.username && customer.username === state.username) state.key = customer.waId;
        if (customer.waId === state.key) item.className = 'active';
        item.onclick = function () {
          $('phone').value = byUsername ? '' : '+' + customer.waId;
          $('username').value = byUsername ? customer.username : '';
          $('name').value = customer.name;
          useCustomer();
        };
        list.appendChild(item);
      });
    });
  }

  function useCustomer() {
    state.phone = $('phone').value.trim();
    state.username = state.phone ? '' : $('username').value.trim().replace(/^@/, '');
    state.key = state.phone ? digits(state.phone) : '';
    state.name = $('name').value.trim();
    $('who').textContent = state.phone || state.username ? 'You are ' + state.name + ' (' + (state.phone || '@' + state.username + ', no phone shown') + ')' : '';
    loadState().then(refresh).catch(showError);
  }

  function renderReplying() {
    $('replying').innerHTML = '';
    if (!state.replyTo) return;
    var note = document.createElement('div');
    note.className = 'quote';
    note.textContent = 'Replying to ' + state.replyTo.slice(0, 24) + '… ';
    var cancel = document.createElement('button');
    cancel.textContent = 'cancel';
    cancel.onclick = function () { state.replyTo = null; renderReplying(); };
    note.appendChild(cancel);
    $('replying').appendChild(note);
  }

  function describe(message) {
    var p = message.payload;
    switch (p.type) {
      case 'text': return p.text.body;
      case 'image': case 'video': case 'audio': case 'document': case 'sticker':
        return '[' + p.type + (p[p.type].voice ? ' (voice)' : '') + '] ' + (p[p.type].caption || p[p.type].filename || '');
      case 'location': return '📍 ' + (p.location.name || '') + ' ' + p.location.latitude + ', ' + p.location.longitude;
      case 'contacts': return '👤 ' + p.contacts.map(function (c) { return c.name && c.name.formatted_name; }).join(', ');
      case 'template': return '[template ' + p.template.name + ' / ' + (p.template.language && p.template.language.code) + ']';
      case 'reaction': return p.reaction.emoji ? 'reacted ' + p.reaction.emoji : 'removed a reaction';
      case 'button': return '[button] ' + p.button.text;
      case 'unsupported': return '[unsupported ' + p.unsupported.type + ']';
      case 'order': return '🛒 order: ' + p.order.product_items.map(function (i) { return i.quantity + '× ' + i.product_retailer_id; }).join(', ') + (p.order.text ? ' — ' + p.order.text : '');
      case 'system': return '[system] ' + p.system.body;
      case 'request_welcome': return '[opened the chat]';
      case 'interactive':
        var i = p.interactive;
        if (i.type === 'button_reply') return '[button] ' + i.button_reply.title;
        if (i.type === 'list_reply') return '[list] ' + i.list_reply.title;
        if (i.type === 'nfm_reply') return '[form answered] ' + i.nfm_reply.response_json;
        return (i.header && i.header.text ? i.header.text + ' — ' : '') + (i.body ? i.body.text : '') + (i.footer ? ' (' + i.footer.text + ')' : '');
      default: return '[' + p.type + ']';
    }
  }

  function mediaElement(message) {
    var p = message.payload;
    var media = p[p.type];
    if (!media || (p.type !== 'image' && p.type !== 'sticker')) return null;
    var img = document.createElement('img');
    img.className = 'media';
    img.alt = p.type;
    img.src = media.id ? '/_sandbox/media/' + media.id : media.link;
    return img;
  }

  function button(label, onClick) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.onclick = onClick;
    return b;
  }

  function flowForm(message, flowId, flowToken) {
    var flow = state.flows[flowId];
    var form = document.createElement('form');
    form.className = 'flow';
    if (!flow) { form.textContent = 'Unknown form ' + flowId; return form; }
    var title = document.createElement('strong');
    title.textContent = flow.name;
    form.appendChild(title);
    flow.fields.forEach(function (field) {
      var label = document.createElement('label');
      label.textContent = field.label + (field.required ? ' *' : '');
      var input;
      if (field.kind === 'choice') {
        input = document.createElement('select');
        field.options.forEach(function (option) { var o = document.createElement('option'); o.value = option; o.textContent = option; input.appendChild(o); });
      } else {
        input = document.createElement('input');
        input.type = field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : field.kind === 'number' ? 'number' : 'text';
      }
      input.name = field.name;
      if (field.required) input.required = true;
      label.appendChild(input);
      form.appendChild(label);
    });
    var submit = document.createElement('button');
    submit.className = 'primary';
    submit.textContent = 'Submit';
    form.appendChild(submit);
    form.onsubmit = function (event) {
      event.preventDefault();
      var response = {};
      flow.fields.forEach(function (field) { var value = form.elements[field.name].value; if (value !== '') response[field.name] = value; });
      delete state.openForms[message.wamid];
      send({ type: 'nfm_reply', context: { id: message.wamid }, interactive: { type: 'nfm_reply', response: response, flowToken: flowToken } });
    };
    return form;
  }

  function businessActions(message, container) {
    var p = message.payload;
    var actions = document.createElement('div');
    actions.className = 'actions';
    ['👍', '❤️', '😂', '🙏'].forEach(function (emoji) {
      actions.appendChild(button(emoji, function () { send({ type: 'reaction', reaction: { messageId: message.wamid, emoji: emoji } }); }));
    });
    actions.appendChild(button('remove reaction', function () { send({ type: 'reaction', reaction: { messageId: message.wamid } }); }));
    actions.appendChild(button('reply', function () { state.replyTo = message.wamid; renderReplying(); }));
    if (p.type === 'audio') {
      actions.appendChild(button('▶ play voice', function () { api('POST', '/_sandbox/messages/' + encodeURIComponent(message.wamid) + '/status', { status: 'played' }).then(refresh).catch(showError); }));
    }
    if (p.type === 'interactive' && p.interactive.type === 'button') {
      p.interactive.action.buttons.forEach(function (b) {
        actions.appendChild(button('▶ ' + b.reply.title, function () { send({ type: 'button_reply', context: { id: message.wamid }, interactive: { type: 'button_reply', id: b.reply.id, title: b.reply.title } }); }));
      });
    }
    if (p.type === 'interactive' && p.interactive.type === 'list') {
      p.interactive.action.sections.forEach(function (section) {
        section.rows.forEach(function (row) {
          actions.appendChild(button('☰ ' + row.title, function () { send({ type: 'list_reply', context: { id: message.wamid }, interactive: { type: 'list_reply', id: row.id, title: row.title, description: row.description } }); }));
        });
      });
    }
    if (p.type === 'template') {
      actions.appendChild(button('tap quick reply', function () {
        var text = prompt('Button text', 'Yes, please');
        if (text) send({ type: 'button', context: { id: message.wamid }, button: { payload: text, text: text } });
      }));
    }
    if (p.type === 'interactive' && p.interactive.type === 'flow') {
      var parameters = p.interactive.action.parameters;
      actions.appendChild(button('▶ ' + parameters.flow_cta, function () { state.openForms[message.wamid] = true; render(state.lastMessages || []); }));
      if (state.openForms[message.wamid]) container.appendChild(flowForm(message, parameters.flow_id, parameters.flow_token));
    }
    container.appendChild(actions);
  }

  var statusMarks = { accepted: '🕓', sent: '✓ sent', delivered: '✓✓ delivered', read: '✓✓ read', played: '✓✓ played', failed: '✗ failed' };

  function render(messages) {
    state.lastMessages = messages;
    var timeline = $('timeline');
    var atBottom = timeline.scrollTop + timeline.clientHeight >= timeline.scrollHeight - 20;
    timeline.innerHTML = '';
    messages.forEach(function (message) {
      var mine = message.direction === 'inbound';
      var bubble = document.createElement('div');
      bubble.className = 'bubble' + (mine ? ' mine' : '');
      bubble.dataset.wamid = message.wamid;
      var context = message.payload.context;
      if (context && context.id) {
        var quote = document.createElement('div');
        quote.className = 'quote';
        var quoted = messages.filter(function (m) { return m.wamid === context.id; })[0];
        quote.textContent = quoted ? describe(quoted) : 'quoted message';
        bubble.appendChild(quote);
      }
      var media = mediaElement(message);
      if (media) bubble.appendChild(media);
      var text = document.createElement('div');
      text.textContent = (message.payload.referral ? '[from ad: ' + message.payload.referral.headline + '] ' : '') + (message.payload.to || message.payload.to_user_id ? '[from the phone app] ' : '') + describe(message);
      bubble.appendChild(text);
      var meta = document.createElement('div');
      meta.className = 'meta' + (message.status === 'failed' ? ' failed' : '');
      var time = new Date(message.createdAt).toLocaleTimeString();
      if (mine) meta.textContent = time + (message.readByBusiness ? ' · read by business' : '');
      else meta.textContent = time + (message.status ? ' · ' + (statusMarks[message.status] || message.status) : '') + (message.error ? ' (' + message.error.code + ' ' + message.error.title + ')' : '');
      bubble.appendChild(meta);
      if (!mine && message.payload.type !== 'reaction') businessActions(message, bubble);
      timeline.appendChild(bubble);
    });
    if (atBottom) timeline.scrollTop = timeline.scrollHeight;
  }

  function refresh() {
    if (!state.key) return Promise.resolve();
    var formOpen = Object.keys(state.openForms).length > 0;
    return api('GET', '/_sandbox/customers/' + encodeURIComponent(state.key) + '/messages?phoneNumberId=' + state.businessPhoneId)
      .then(function (messages) {
        var focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('form.flow');
        if (!(formOpen && focused)) render(messages);
      })
      .catch(showError);
  }

  $('use').onclick = useCustomer;
  $('business').onchange = function () { state.businessPhoneId = $('business').value; refresh(); };
  $('send').onclick = function () { var text = $('text').value; if (!text) return; $('text').value = ''; send({ type: 'text', text: text }); };
  $('text').onkeydown = function (event) { if (event.key === 'Enter') $('send').click(); };
  $('sample-image').onclick = function () { send({ type: 'image', caption: $('text').value || undefined }); $('text').value = ''; };
  $('file').onchange = function () {
    var file = $('file').files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      var base64 = String(reader.result).split(',')[1];
      var kind = file.type.indexOf('image/') === 0 ? (file.type === 'image/webp' ? 'sticker' : 'image') : file.type.indexOf('video/') === 0 ? 'video' : file.type.indexOf('audio/') === 0 ? 'audio' : 'document';
      send({ type: kind, caption: $('text').value || undefined, media: { base64: base64, mimeType: file.type || 'application/octet-stream', fileName: file.name } });
      $('text').value = '';
      $('file').value = '';
    };
    reader.readAsDataURL(file);
  };
  $('location').onclick = function () {
    var answer = prompt('Latitude, longitude', '38.7223, -9.1393');
    if (!answer) return;
    var parts = answer.split(',').map(function (part) { return Number(part.trim()); });
    send({ type: 'location', location: { latitude: parts[0], longitude: parts[1], name: 'Shared location' } });
  };
  $('unsupported').onclick = function () { send({ type: 'unsupported', unsupportedType: 'poll_update' }); };
  $('order').onclick = function () { var note = $('text').value; $('text').value = ''; send(note ? { type: 'order', order: { text: note } } : { type: 'order' }); };
  $('welcome').onclick = function () { send({ type: 'request_welcome' }); };
  $('ad').onclick = function () { var text = $('text').value || 'Hi! I saw your ad.'; $('text').value = ''; send({ type: 'text', text: text, referral: true }); };
  $('change-number').onclick = function () {
    var next = prompt('New phone number', '+15550009');
    if (!next) return;
    send({ type: 'system', system: { newPhone: next } }).then(function () { $('phone').value = next; useCustomer(); });
  };
  function business(path, body) {
    if (!state.phone && !state.username) { showError('Pick a customer first.'); return; }
    body.phoneNumberId = state.businessPhoneId;
    Object.assign(body, who('to'));
    api('POST', path, body).then(function () { showError(); refresh(); }).catch(showError);
  }
  $('echo').onclick = function () { var text = prompt('The business answers from its phone', 'Thanks, see you tomorrow!'); if (text) business('/_sandbox/echo', { text: text }); };
  $('history').onclick = function () { business('/_sandbox/history', {}); };
  $('skip-delivered').onchange = function () { api('PUT', '/_sandbox/delivery', { skipDelivered: $('skip-delivered').checked }).catch(showError); };

  loadState().then(useCustomer).catch(showError);
  setInterval(function () { loadState().then(refresh).catch(showError); }, 1500);
})();
</script>
</body>
</html>
`;
