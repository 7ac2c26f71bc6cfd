/* Runs only in browsers without ES modules (nomodule): they cannot run Forgeline, so say so
   in both languages instead of showing a blank page (SPEC: unsupported-browser warning). */
;(function () {
  var box = document.createElement('div')
  box.setAttribute('role', 'alert')
  box.style.cssText =
    'max-width:560px;margin:48px auto;padding:24px;font:16px/1.6 sans-serif;border:1px solid #d0d7de;border-radius:8px;color:#1f2328'
  box.innerHTML =
    '<p><strong>您的浏览器版本过旧，无法使用本网站。</strong><br>请使用最新版的 Chrome、Edge、Firefox 或 Safari 打开。</p>' +
    '<p><strong>Your browser is too old for this site.</strong><br>Please open it in a current version of Chrome, Edge, Firefox or Safari.</p>'
  document.body.appendChild(box)
})()
