import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useRef, useState } from 'react';
import { CAPTIONS, DEFAULT_ATTRIBUTION, tileUrl, VIETNAM_CENTER, VIETNAM_ZOOM } from './tiles';

/**
 * Creates one Leaflet map in a div and tears it down with the component. Tiles that fail
 * (no internet) are hidden after a few errors so the plain background shows instead of broken
 * images, and a short Vietnamese notice says why.
 */
export function useLeafletMap() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const m = L.map(el, { center: VIETNAM_CENTER, zoom: VIETNAM_ZOOM, zoomControl: false, attributionControl: true });
    L.control.zoom({ zoomInTitle: CAPTIONS.zoomIn, zoomOutTitle: CAPTIONS.zoomOut }).addTo(m);
    L.control.scale({ imperial: false }).addTo(m);
    m.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(tileUrl(), { maxZoom: 19, attribution: DEFAULT_ATTRIBUTION });
    let errors = 0;
    let loaded = 0;
    tiles.on('tileload', () => {
      loaded++;
    });
    tiles.on('tileerror', () => {
      errors++;
      if (errors >= 3 && loaded === 0) {
        tiles.setOpacity(0);
        setTilesFailed(true);
      }
    });
    tiles.addTo(m);
    setMap(m);
    // the container may be laid out after mount (tabs, modals): measure again once visible
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => m.invalidateSize()) : null;
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      m.remove();
      setMap(null);
    };
  }, []);

  return { ref, map, tilesFailed };
}

export const pinIcon = () => L.divIcon({ className: '', html: '<div class="nns-map-pin"></div>', iconSize: [0, 0] });
export const vertexIcon = () => L.divIcon({ className: '', html: '<div class="nns-map-vertex"></div>', iconSize: [0, 0] });
