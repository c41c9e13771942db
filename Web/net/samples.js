// The sample pictures shipped with the app (Web/samples/: made for it and in the public domain, see its LICENSE),
// read as files, so that an empty gallery's Add Sample Pictures drops them as any files are dropped.

/** The samples' file names, in the order they are added. */
export const SAMPLE_PICTURES = Object.freeze([
  "mountains-at-dawn.jpg",
  "sea-at-dusk.jpg",
  "circles-and-squares.jpg",
  "northern-lights.jpg",
  "pine-forest.jpg",
]);

/** The sample pictures as files; rejects with a message to show when one cannot be read. */
export async function samplePictures() {
  return Promise.all(
    SAMPLE_PICTURES.map(async (name) => {
      let response;
      try {
        response = await fetch(`/samples/${name}`);
      } catch {
        throw new Error("The sample pictures could not be read: the server could not be reached.");
      }
      if (!response.ok) throw new Error(`The sample picture ${name} could not be read (${response.status}).`);
      return new File([await response.blob()], name, { type: "image/jpeg" });
    }),
  );
}
