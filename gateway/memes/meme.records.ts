export interface MemeRecord {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  tags: string[];
  /** The product this meme is printed on, or null when it is not sold yet ("Not Available"). */
  productHandle: string | null;
  featured: boolean;
  createdAt: Date;
}
