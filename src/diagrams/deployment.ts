/**
 * The recommended deployment (/guides/best-practices#relay): browsers and apps talk to your
 * server, which holds the API key and a pool of websocket connections to the API. The limits it
 * shows are read from src/data/limits.ts.
 */
import type { Limit } from '../data/limits';
import { plain, spaced } from './sequence';
import {
  arrow,
  box,
  boxHeight,
  boxWidth,
  lineWidth,
  svgDocument,
  text,
  type Line,
  type RenderedDiagram,
} from './svg';

export function deploymentDiagram(
  limit: (key: 'websocketConnections' | 'contextsPerConnection') => Limit,
  brandName: string,
): RenderedDiagram {
  const amount = (l: Limit) => `${l.value} ${l.unit}`;
  const connections = limit('websocketConnections');
  const contexts = limit('contextsPerConnection');

  const clients: Line[][] = [
    ['浏览器', '网页'],
    ['手机 App', '小程序、桌面客户端'],
  ];
  const toServer: Line = '你自己的接口 + 短期令牌';
  const server: Line[] = ['你的服务端（中继）', '持有 API 密钥，校验令牌，执行业务规则'];
  const pool: Line[] = [
    'WebSocket 连接池',
    `每个账户最多 ${amount(connections)}连接`,
    `每条连接同时最多 ${amount(contexts)}上下文`,
    '每一轮回复开一个新的上下文',
    '连接关闭后从池中去掉，需要时再开',
  ];
  const toApi: Line[] = [
    [{ text: 'WebSocket，' }, { text: 'Authorization: Bearer <API 密钥>', code: true }],
    '开着的连接供各会话复用',
  ];
  const api: Line[] = [`${brandName} API`];

  const margin = 12;
  const clientW = Math.max(...clients.map((c) => boxWidth(c, 150)));
  const clientGap = 40;
  const poolW = boxWidth(pool);
  const serverW = Math.max(boxWidth(server), poolW + 40, 2 * clientW + clientGap);
  const labelW = Math.max(lineWidth(toServer), ...toApi.map((l) => lineWidth(l)));
  const width = margin * 2 + Math.max(serverW, labelW + 60);
  const cx = width / 2;
  const parts: string[] = [];

  // Row 1: the readers' devices.
  let y = margin;
  const clientH = boxHeight(2);
  const clientXs = [cx - clientGap / 2 - clientW, cx + clientGap / 2];
  clients.forEach((c, i) => parts.push(box(clientXs[i], y, clientW, c)));
  y += clientH;

  // Their requests to your server.
  const labelY = y + 26;
  const serverY = labelY + 20;
  clientXs.forEach((x) => {
    const mx = x + clientW / 2;
    parts.push(
      arrow([
        [mx, y + 2],
        [mx, serverY - 2],
      ]),
    );
  });
  // The arrows pass beside the label, not through it.
  parts.push(
    `<rect class="dg-gap" x="${Math.round(cx - lineWidth(toServer) / 2 - 4)}" y="${labelY - 16}" width="${lineWidth(toServer) + 8}" height="22"/>`,
  );
  parts.push(text(toServer, cx, labelY));

  // Row 2: your server, the pool inside it.
  const serverX = cx - serverW / 2;
  const headH = boxHeight(server.length);
  const poolH = boxHeight(pool.length);
  const serverH = headH + poolH + 16;
  parts.push(
    `<rect class="dg-box" x="${Math.round(serverX)}" y="${serverY}" width="${Math.round(serverW)}" height="${serverH}" rx="6"/>`,
  );
  parts.push(box(serverX, serverY, serverW, server, { cls: 'dg-plain' }));
  const poolY = serverY + headH;
  parts.push(box(cx - poolW / 2, poolY, poolW, pool, { cls: 'dg-accent' }));
  y = serverY + serverH;

  // The pool's connections to the API.
  const apiY = y + 26 + toApi.length * 20 + 12;
  [-1, 0, 1].forEach((k) => {
    const x = cx + k * 60;
    parts.push(
      arrow([
        [x, poolY + poolH + 2],
        [x, apiY - 2],
      ]),
    );
  });
  const toApiW = Math.max(...toApi.map((l) => lineWidth(l)));
  parts.push(
    `<rect class="dg-gap" x="${Math.round(cx - toApiW / 2 - 4)}" y="${y + 8}" width="${toApiW + 8}" height="${toApi.length * 20 + 6}"/>`,
  );
  toApi.forEach((l, i) => parts.push(text(l, cx, y + 26 + i * 20, i ? { cls: 'dg-muted' } : {})));

  // Row 3: the API.
  const apiW = boxWidth(api, 200);
  parts.push(box(cx - apiW / 2, apiY, apiW, api, { cls: 'dg-accent' }));
  const height = apiY + boxHeight(api.length) + margin;

  const steps = [
    `${spaced(clients.map((c) => plain(c[0])).join('和'), '连接你的服务端')}：${plain(toServer)}，不持有 API 密钥。`,
    `${plain(server[0])}${plain(server[1])}。`,
    `它持有一个 ${plain(pool[0])}：${pool.slice(1).map(plain).join('；')}。`,
    `连接池的连接通往${plain(api[0])}：${toApi.map(plain).join('，')}。`,
  ];
  return {
    name: 'deployment',
    caption: `推荐的部署：浏览器和 App 经你的服务端访问${brandName} API，服务端用连接池共享 WebSocket 连接`,
    steps,
    svg: svgDocument('deployment', width, height, parts.join('')),
  };
}
