import { createWorld } from '../../../../worker/sandbox/data';

describe('YouTube playlists and subtitles', () => {
  const world = createWorld({ seed: 'youtube', creatorsPerPlatform: 2000 });
  const pc = world.youtube;

  it('gives every channel playlists whose videos page out to their count', () => {
    const playlists = pc.playlists(600);
    expect(playlists.length).toBeGreaterThan(0);
    for (const playlist of playlists) {
      expect(pc.playlist(playlist.id)).toEqual(playlist);
      const videos = pc.playlistVideos(playlist.id, 0, 1000);
      expect(videos.items).toHaveLength(playlist.videoCount);
      expect(videos.items.every((post) => post.type === 'video' && post.creatorIndex === 600)).toBe(true);
    }
    const ids = playlists.flatMap((playlist) =>
      pc.playlistVideos(playlist.id, 0, 1000).items.map((post) => post.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(world.instagram.playlists(600)).toEqual([]);
    expect(pc.playlist('PLnope')).toBeNull();
  });

  it('writes subtitles about the video topic within its duration', () => {
    const video = pc.postsOfType(700, ['video'], 0, 1).items[0];
    const lines = pc.subtitles(video);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.start).toBeLessThan(video.durationSeconds);
    for (let k = 1; k < lines.length; k++) expect(lines[k].start).toBeGreaterThan(lines[k - 1].start);
    const vocabulary = world.dictionaries.interestProfile(video.interestId)?.vocabulary ?? [];
    expect(lines.some((line) => vocabulary.some((word) => line.text.includes(word)))).toBe(true);
    expect(pc.subtitles(video)).toEqual(lines);
  });
});
