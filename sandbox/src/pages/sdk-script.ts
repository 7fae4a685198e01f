/**
 * The fake Facebook JS SDK served at /sdk.js. FB.login opens an in-page dialog (so headless browsers can click
 * it); the WA_EMBEDDED_SIGNUP message is posted through a hidden iframe on the sandbox's origin, so the page
 * receives it from the sandbox origin (the real one comes from *.facebook.com). The callback and the message
 * arrive in random order unless FB.init({ sandboxOrder }) or /sdk.js?order= says 'message-first' or
 * 'callback-first'.
 */
export const sdkScript = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var sandboxOrigin = src.origin;
  var settings = {};
  var relay = null;
  var relayReady = null;

  function ensureRelay() {
    if (relayReady) return relayReady;
    relayReady = new Promise(function (resolve) {
      function create() {
        relay = document.createElement('iframe');
        relay.src = sandboxOrigin + '/sdk/relay.html';
        relay.title = 'facebook sdk relay';
        relay.style.display = 'none';
        relay.onload = function () { resolve(relay); };
        document.body.appendChild(relay);
      }
      if (document.body) create(); else document.addEventListener('DOMContentLoaded', create);
    });
    return relayReady;
  }

  function postSignupMessage(payload) {
    return ensureRelay().then(function (frame) {
      frame.contentWindow.postMessage(JSON.stringify(payload), sandboxOrigin);
      return new Promise(function (resolve) { setTimeout(resolve, 60); });
    });
  }

  function pickOrder() {
    var order = settings.sandboxOrder || src.searchParams.get('order') || 'random';
    if (order === 'random') return Math.random() < 0.5 ? 'message-first' : 'callback-first';
    return order;
  }

  function deliver(message, response, callback) {
    var run = function () { try { if (typeof callback === 'function') callback(response); } catch (error) { setTimeout(function () { throw error; }); } };
    if (pickOrder() === 'message-first') {
      postSignupMessage(message).then(run);
    } else {
      run();
      setTimeout(function () { postSignupMessage(message); }, 60);
    }
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) node.textContent = text;
    return node;
  }

  function sessionId() { return Math.random().toString(16).slice(2) + Date.now().toString(16); }

  function openDialog(callback, options) {
    ensureRelay();
    var existing = document.getElementById('fb-sandbox-signup');
    if (existing) existing.remove();
    var overlay = el('div', { id: 'fb-sandbox-signup', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'WhatsApp Embedded Signup' });
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:2147483647;font:14px Helvetica,Arial,sans-serif';
    var box = el('div');
    box.style.cssText = 'background:#fff;border-radius:8px;width:420px;max-width:92vw;box-shadow:0 8px 30px rgba(0,0,0,.3);overflow:hidden';
    var bar = el('div', {}, 'facebook');
    bar.style.cssText = 'background:#1877f2;color:#fff;font-weight:bold;padding:10px 16px;font-size:16px';
    var body = el('div');
    body.style.cssText = 'padding:16px';
    var title = el('h2', {}, 'Connect your account to WhatsApp Business');
    title.style.cssText = 'margin:0 0 8px;font-size:18px';
    var extras = options.extras || {};
    var info = el('p', {}, 'Sandbox embedded signup for app ' + (settings.appId || '?') + (options.config_id ? ' (configuration ' + options.config_id + ')' : '') + (extras.featureType ? ', ' + extras.featureType : '') + '. Finish creates a new WhatsApp Business Account and phone number in the sandbox.');
    info.style.cssText = 'color:#606770;margin:0 0 12px';
    var nameLabel = el('label', {}, 'Business name ');
    var nameInput = el('input', { name: 'businessName', value: 'My Sandbox Business' });
    nameLabel.appendChild(nameInput);
    var status = el('p', { role: 'status' });
    status.style.cssText = 'color:#b00020;min-height:1em';
    var buttons = el('div');
    buttons.style.cssText = 'display:flex;gap:8px;justify-content:flex-end;margin-top:12px';
    var finish = el('button', { type: 'button' }, 'Finish');
    var cancel = el('button', { type: 'button' }, 'Cancel');
    var report = el('button', { type: 'button' }, 'Report error');
    [cancel, report, finish].forEach(function (button) { button.style.cssText = 'padding:8px 14px;border-radius:6px;border:1px solid #ccd0d5;background:#f5f6f7;cursor:pointer'; buttons.appendChild(button); });
    finish.style.background = '#1877f2'; finish.style.color = '#fff'; finish.style.borderColor = '#1877f2';
    body.appendChild(title); body.appendChild(info); body.appendChild(nameLabel); body.appendChild(status); body.appendChild(buttons);
    box.appendChild(bar); box.appendChild(body); overlay.appendChild(box);
    document.body.appendChild(overlay);
    var close = function () { overlay.remove(); };

    finish.onclick = function () {
      finish.disabled = true;
      fetch(sandboxOrigin + '/_sandbox/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ businessName: nameInput.value }) })
        .then(function (response) { if (!response.ok) throw new Error('signup failed: ' + response.status); return response.json(); })
        .then(function (signup) {
          close();
          deliver(
            { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', version: 3, data: { phone_number_id: signup.phoneNumberId, waba_id: signup.wabaId, business_id: signup.businessId } },
            { authResponse: { code: signup.code, userID: null, expiresIn: null, graphDomain: 'facebook' }, status: 'connected' },
            callback
          );
        })
        .catch(function (error) { finish.disabled = false; status.textContent = String(error.message || error); });
    };
    cancel.onclick = function () {
      close();
      deliver({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', version: 3, data: { current_step: 'PHONE_NUMBER_SETUP' } }, { authResponse: null, status: 'unknown' }, callback);
    };
    report.onclick = function () {
      close();
      deliver(
        { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', version: 3, data: { error_message: 'The sandbox user reported an error', error_id: '524126', session_id: sessionId(), timestamp: Math.floor(Date.now() / 1000) } },
        { authResponse: null, status: 'unknown' },
        callback
      );
    };
  }

  window.FB = {
    init: function (options) { settings = options || {}; ensureRelay(); },
    login: function (callback, options) { openDialog(callback, options || {}); },
    getLoginStatus: function (callback) { if (typeof callback === 'function') callback({ status: 'unknown', authResponse: null }); },
    logout: function (callback) { if (typeof callback === 'function') callback({ status: 'unknown' }); },
    AppEvents: { logPageView: function () {}, logEvent: function () {} },
    XFBML: { parse: function () {} }
  };
  if (typeof window.fbAsyncInit === 'function') setTimeout(window.fbAsyncInit);
})();
`;

/** Re-posts what the SDK hands it to the parent page, so the message's origin is the sandbox's. */
export const relayHtml = `<!doctype html><meta charset="utf-8"><title>sdk relay</title>
<script>window.addEventListener('message', function (event) { if (event.source === window.parent) window.parent.postMessage(event.data, '*'); });</script>`;
