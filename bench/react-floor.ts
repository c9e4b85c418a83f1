// The React floor (ADR 065): React DOM rendering one button, and nothing else. `bench/lighthouse.ts`
// starts it from a copy of the home page, after the first paint as the store's own code starts, so
// its time to interactive is the least any page of this store built on React can have.
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Counter() {
  const [count, setCount] = useState(0);
  return createElement('button', { type: 'button', onClick: () => setCount(count + 1) }, `Pressed ${count} times`);
}

const host = document.createElement('div');
document.body.append(host);
createRoot(host).render(createElement(Counter));
