(function(){var d=document,m=d.currentScript,s=0,n=0
try{caches.open('forgeline-seen').then(function(c){return c.put(location.href,new Response(''))}).catch(Date)}catch{}
function go(){if(s)return;s=1;(m.dataset.preload||'').split(' ').forEach(function(h){if(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)}})
var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=m.dataset.entry;d.head.appendChild(e)}
function shown(){requestAnimationFrame(function(){setTimeout(go)})}
function one(){if(!--n)shown()}
[].forEach.call(d.querySelectorAll('img[fetchpriority=high]'),function(i){if(!i.complete){n++;i.addEventListener('load',one);i.addEventListener('error',one)}})
if(!n)shown();setTimeout(go,3e3)})()
