export interface MemeRecord {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  tags: string[];
  /** The current handle of the product this meme is printed on, or null when none is on sale ("Not Available"). */
  productHandle: string | null;
  featured: boolean;
  createdAt: Date;
}
